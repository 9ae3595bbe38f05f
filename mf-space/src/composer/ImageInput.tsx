/**
 * The 图片 button: a real file input (keyboard and screen readers reach it) hidden behind its
 * visible label, which shows the focus ring in its place.
 */
import { useId } from 'react';
import { styled, YY_IMAGES_MAX } from '@xiaoba/shared';
import { controlBox, focusOutline } from '../ui/controls';
import { IMAGE_ACCEPT } from './upload';

export function ImageInput({ count, onFiles }: { count: number; onFiles(files: File[]): void }) {
  const id = useId();
  const full = count >= YY_IMAGES_MAX;
  return (
    <Wrap>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        disabled={full}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          // Cleared so choosing the same file again (after removing it) still fires a change.
          e.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <label htmlFor={id}>
        图片（{count}/{YY_IMAGES_MAX}）
      </label>
    </Wrap>
  );
}

const Wrap = styled.span`
  display: inline-block;
  input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
    overflow: hidden;
  }
  label {
    display: inline-flex;
    align-items: center;
    min-height: 36px;
    padding: 4px 10px;
    ${controlBox}
    color: ${(p) => p.theme.colors.link};
    cursor: pointer;
  }
  input:focus-visible + label {
    ${focusOutline}
  }
  input:disabled + label {
    color: ${(p) => p.theme.colors.muted};
    cursor: not-allowed;
  }
`;
