/**
 * The 图片 button (the album's 上传照片 with its own `label` and `disabled`): a real file input (keyboard and screen readers reach it) hidden behind its
 * visible label, which shows the focus ring in its place.
 */
import { useId, type ReactNode } from 'react';
import { styled, YY_IMAGES_MAX } from '@xiaoba/shared';
import { controlBox, focusOutline } from '../ui/controls';
import { IMAGE_ACCEPT } from './upload';

export interface ImageInputProps {
  /** The composer's pictures so far: its label counts them, and it is disabled at YY_IMAGES_MAX. */
  count?: number;
  label?: ReactNode;
  disabled?: boolean;
  onFiles(files: File[]): void;
}

export function ImageInput({ count = 0, label, disabled, onFiles }: ImageInputProps) {
  const id = useId();
  const full = disabled ?? count >= YY_IMAGES_MAX;
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
      <label htmlFor={id}>{label ?? `图片（${count}/${YY_IMAGES_MAX}）`}</label>
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
