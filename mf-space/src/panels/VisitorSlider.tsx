/**
 * The recent visitors slider: three visitors a slide, at most three slides,
 * with previous / next buttons and one dot per slide. No autoplay. Hidden slides are inert, so
 * keyboard and screen-reader users meet only the visitors they can see.
 */
import { useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { Avatar, Link, selectUser, styled, useAppSelector, type Visitor } from '@xiaoba/shared';
import { spacePath } from '../ui/space-path';
import { Time } from '../ui/Time';
import { visitorSlides } from './visitor-slides';

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export function VisitorSlider({ visitors, label }: { visitors: readonly Visitor[]; label: string }) {
  const ownUid = useAppSelector(selectUser)?.uid;
  const slides = visitorSlides(visitors);
  const [viewportRef, embla] = useEmblaCarousel({ align: 'start', duration: 25 });
  const [selected, setSelected] = useState(0);
  const count = slides.length;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  // Fewer visitors than before (a refetch): never point past the last slide.
  useEffect(() => {
    if (selected > 0 && selected >= count) setSelected(Math.max(0, count - 1));
  }, [count, selected]);

  const show = useCallback(
    (index: number) => {
      const to = Math.min(Math.max(0, index), count - 1);
      setSelected(to);
      embla?.scrollTo(to, prefersReducedMotion());
    },
    [embla, count],
  );

  if (count === 0) return <Empty>还没有访客</Empty>;

  return (
    <Region aria-roledescription="轮播图" aria-label={label}>
      <Viewport ref={viewportRef}>
        <Track>
          {slides.map((group, i) => (
            <Slide key={i} role="group" aria-roledescription="幻灯片" aria-label={`第${i + 1}组，共${count}组`} inert={i !== selected}>
              <ul>
                {group.map((v) => (
                  <li key={v.uid}>
                    <Link to={spacePath(v.uid, ownUid)}>
                      {/* The name names the link; the picture would only repeat it. */}
                      <span aria-hidden="true">
                        <Avatar uid={v.uid} face={v.face} avatar={v.avatar} name={v.username} size={44} />
                      </span>
                      <span className="name">{v.username}</span>
                    </Link>
                    <Time at={v.ctime} className="time" />
                  </li>
                ))}
              </ul>
            </Slide>
          ))}
        </Track>
      </Viewport>
      {count > 1 && (
        <Controls>
          <Arrow type="button" aria-label="上一组访客" disabled={selected === 0} onClick={() => show(selected - 1)}>
            ‹
          </Arrow>
          {slides.map((_, i) => (
            <Dot
              key={i}
              type="button"
              aria-label={`第${i + 1}组`}
              aria-current={i === selected ? 'true' : undefined}
              $active={i === selected}
              onClick={() => show(i)}
            />
          ))}
          <Arrow type="button" aria-label="下一组访客" disabled={selected === count - 1} onClick={() => show(selected + 1)}>
            ›
          </Arrow>
        </Controls>
      )}
    </Region>
  );
}

const Empty = styled.p`
  margin: 0;
  color: ${(p) => p.theme.colors.muted};
  font-size: 14px;
`;
const Region = styled.section``;
const Viewport = styled.div`
  overflow: hidden;
`;
const Track = styled.div`
  display: flex;
  touch-action: pan-y pinch-zoom;
`;
const Slide = styled.div`
  flex: 0 0 100%;
  min-width: 0;
  ul {
    display: grid;
    grid-template-columns: repeat(3, minmax(0, 1fr));
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    min-width: 0;
    text-align: center;
    font-size: 13px;
  }
  a {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 3px;
    padding: 3px;
    border-radius: 6px;
    color: ${(p) => p.theme.colors.link};
    text-decoration: none;
  }
  a:hover .name {
    text-decoration: underline;
  }
  a:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
  }
  .name {
    max-width: 100%;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .time {
    display: block;
    color: ${(p) => p.theme.colors.muted};
    font-size: 12px;
  }
`;
const Controls = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  margin-top: 4px;
`;
const Arrow = styled.button`
  min-width: 32px;
  min-height: 32px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 50%;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.link};
  font-size: 18px;
  line-height: 1;
  cursor: pointer;
  &:disabled {
    color: ${(p) => p.theme.colors.muted};
    cursor: default;
    opacity: 0.6;
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
  }
`;
const Dot = styled.button<{ $active: boolean }>`
  /* A 32px target around a small dot: easy to hit on a phone. */
  width: 28px;
  height: 32px;
  padding: 0;
  border: 0;
  background: transparent;
  cursor: pointer;
  &::before {
    content: '';
    display: block;
    margin: auto;
    width: ${(p) => (p.$active ? '18px' : '9px')};
    height: 9px;
    border-radius: 5px;
    border: 1px solid ${(p) => p.theme.colors.primary};
    background: ${(p) => (p.$active ? p.theme.colors.primary : p.theme.colors.panel)};
  }
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
  }
`;
