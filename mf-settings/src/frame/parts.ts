/** Pieces of the settings panels that more than one page uses: sections, rows, file buttons, progress. */
import { styled } from '@xiaoba/shared';

export const Section = styled.section`
  margin: 10px 0 22px;
  h3 {
    margin: 0 0 8px;
    font-size: 15px;
  }
  .hint {
    font-size: 13px;
    color: ${(p) => p.theme.colors.muted};
  }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
`;

export const FileLabel = styled.label`
  display: inline-flex;
  align-items: center;
  min-height: 38px;
  padding: 6px 18px;
  border: 1px solid ${(p) => p.theme.colors.primary};
  border-radius: 6px;
  background: ${(p) => p.theme.colors.panel};
  color: ${(p) => p.theme.colors.link};
  font-weight: 600;
  cursor: pointer;
  input:focus-visible + & {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 2px;
  }
`;

export const Refusal = styled.p`
  min-height: 1.4em;
  color: ${(p) => p.theme.colors.danger};
  font-weight: 600;
`;

export const ProgressRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  progress {
    width: min(100%, 280px);
    height: 14px;
  }
`;
