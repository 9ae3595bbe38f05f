/**
 * Chosen pictures on their way to the server (the composer's, an album's uploads): preview,
 * upload progress, the refusal and a remove button. `noun` and `pending` name them as the page
 * does: 待发布的图片, 待上传的照片.
 */
import { useId } from 'react';
import { styled } from '@xiaoba/shared';
import type { ImageSlot } from './useImageUploads';

export interface ImageSlotsProps {
  slots: ImageSlot[];
  onRemove(id: number): void;
  /** What one is called (图片, 照片) and what they are waiting for (待发布的, 待上传的). */
  noun?: string;
  pending?: string;
  /** Called by file name (「a.jpg」) instead of place: for a list that sent files leave, so places shift. */
  byName?: boolean;
}

export function ImageSlots({ slots, onRemove, noun = '图片', pending = '待发布的', byName = false }: ImageSlotsProps) {
  if (slots.length === 0) return null;
  return (
    <List aria-label={`${pending}${noun}`}>
      {slots.map((slot, i) => (
        <Slot
          key={slot.id}
          slot={slot}
          words={
            byName
              ? { what: `「${slot.name}」`, alt: `${pending}${noun}「${slot.name}」` }
              : { what: `第${i + 1}张${noun}`, alt: `${pending}第${i + 1}张${noun}` }
          }
          onRemove={() => onRemove(slot.id)}
        />
      ))}
    </List>
  );
}

/** `what` names the picture in the failure and the remove button; `alt` is its preview's alt text. */
function Slot({ slot, words, onRemove }: { slot: ImageSlot; words: { what: string; alt: string }; onRemove(): void }) {
  const progressId = useId();
  const percent = Math.round(slot.progress * 100);
  return (
    <Item $failed={slot.status === 'failed'}>
      {slot.preview ? <img src={slot.preview} alt={words.alt} /> : <NoPreview>{slot.name}</NoPreview>}
      {slot.status === 'waiting' && <Progress>等待上传</Progress>}
      {slot.status === 'uploading' && (
        <Progress>
          <label htmlFor={progressId}>上传中 {percent}%</label>
          <progress id={progressId} max={100} value={percent} />
        </Progress>
      )}
      {slot.status === 'failed' && (
        <Failed role="alert">
          {words.what}上传失败：{slot.message}
        </Failed>
      )}
      <Remove type="button" aria-label={`移除${words.what}`} onClick={onRemove}>
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
/** A file refused before it was read (not a picture): its name in the picture's place. */
const NoPreview = styled.span`
  display: flex;
  align-items: center;
  justify-content: center;
  aspect-ratio: 1 / 1;
  padding: 4px 36px 4px 6px;
  font-size: 12px;
  word-break: break-all;
  color: ${(p) => p.theme.colors.muted};
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
