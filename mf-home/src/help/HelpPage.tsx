/**
 * /help: the help centre. Each question is a native <details>, so it opens
 * with Enter or Space, is announced as expanded or collapsed, and works without any script.
 */
import { useId } from 'react';
import { styled } from '@xiaoba/shared';
import { Panel } from '../ui';
import { FAQ, type FaqSection } from './faq';

export default function HelpPage() {
  const titleId = useId();
  return (
    <Panel aria-labelledby={titleId}>
      <h1 id={titleId}>帮助中心</h1>
      <Lead>点一下问题就能看到答案。</Lead>
      {FAQ.map((section) => (
        <Section key={section.id} section={section} />
      ))}
    </Panel>
  );
}

function Section({ section }: { section: FaqSection }) {
  const headingId = `help-${section.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{section.title}</h2>
      <Questions>
        {section.items.map((item) => (
          <li key={item.question}>
            <details>
              <summary>{item.question}</summary>
              <div>
                {item.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </details>
          </li>
        ))}
      </Questions>
    </section>
  );
}

const Questions = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li + li {
    margin-top: 6px;
  }
  details {
    border: 1px solid ${(p) => p.theme.colors.border};
    border-radius: 8px;
    background: ${(p) => p.theme.colors.panel};
  }
  summary {
    min-height: 44px;
    padding: 11px 14px;
    cursor: pointer;
    font-weight: 600;
    color: ${(p) => p.theme.colors.text};
  }
  summary:hover {
    color: ${(p) => p.theme.colors.link};
  }
  details[open] summary {
    border-bottom: 1px solid ${(p) => p.theme.colors.border};
  }
  details > div {
    padding: 2px 14px 4px;
  }
  p {
    margin: 8px 0;
  }
`;
const Lead = styled.p`
  margin: 0 0 8px;
  color: ${(p) => p.theme.colors.muted};
`;
