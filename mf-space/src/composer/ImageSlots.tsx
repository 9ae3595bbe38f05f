/** The composer's chosen pictures: preview, upload progress, the server's refusal and a remove button. */
import { useId } from 'react';
import { styled } from '@xiaoba/shared';
import type { ImageSlot } from './useImageUploads';

export function ImageSlots({ slots, onRemove }: { slots: ImageSlot[]; onRemove(id: number): void }) {
  if (slots.length === 0) return null;
  return (
    <List aria-label="待发布的图片">
      {slots.map((slot, i) => (
        <Slot key={slot.id} slot={slot} n={i + 1} onRemove={() => onRemove(slot.id)} />
      ))}
    </List>
  );
}

function Slot({ slot, n, onRemove }: { slot: ImageSlot; n: number; onRemove(): void }) {
  const progressId = useId();
  const percent = Math.round(slot.progress * 100);
  return (
    <Item $failed={slot.status === 'failed'}>
      <img src={slot.preview} alt={`待发布的第${n}张图片`} />
      {slot.status === 'uploading' && (
        <Progress>
          <label htmlFor={progressId}>上传中 {percent}%</label>
          <progress id={progressId} max={100} value={percent} />
        </Progress>
      )}
      {slot.status === 'failed' && (
        <Failed role="alert">
          第{n}张图片上传失败：{slot.message}
        </Failed>
      )}
      <Remove type="button" aria-label={`移除第${n}张图片`} onClick={onRemove}>
        ×
      </Remove>
    </Item>
  );
}

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(96px, 1fr));
  gap: 8px;
  margin: 10px 0 0;
  padding: 0;
  list-style: none;
`;
const Item = styled.li<{ $failed: boolean }>`
  position: relative;
  border: 1px solid ${(p) => (p.$failed ? p.theme.colors.danger : p.theme.colors.border)};
  border-radius: 6px;
  overflow: hidden;
  background: ${(p) => p.theme.colors.panel};
  img {
    display: block;
    width: 100%;
    aspect-ratio: 1 / 1;
    object-fit: cover;
    opacity: ${(p) => (p.$failed ? 0.45 : 1)};
  }
`;
const Progress = styled.div`
  padding: 4px 6px;
  font-size: 12px;
  color: ${(p) => p.theme.colors.text};
  progress {
    display: block;
    width: 100%;
    accent-color: ${(p) => p.theme.colors.primary};
  }
`;
const Failed = styled.p`
  margin: 0;
  padding: 4px 6px;
  font-size: 12px;
  color: ${(p) => p.theme.colors.danger};
`;
const Remove = styled.button`
  position: absolute;
  top: 4px;
  right: 4px;
  width: 32px;
  height: 32px;
  border: 0;
  border-radius: 50%;
  background: rgba(0, 0, 0, 0.65);
  color: #ffffff;
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${(p) => p.theme.colors.focus};
    outline-offset: 1px;
  }
`;
