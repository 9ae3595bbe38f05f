/**
 * A picture shown large in a Dialog, with previous/next buttons, the arrow keys and a swipe across
 * the picture: a yy's pictures, an album's photos (`alt` names each as the album does).
 */
import { useEffect, useRef } from 'react';
import { styled, Button, Dialog } from '@xiaoba/shared';
import { imageAlt } from './YyImages';

export interface ImageViewerProps {
  urls: string[];
  index: number | null;
  onIndex(i: number | null): void;
  /** The alt text of picture `i` (from 0); a yy's `第1张图片，共3张` by default. */
  alt?: (i: number, count: number) => string;
}

/** How far across (CSS px) a finger must travel, and more across than down, to count as a swipe. */
const SWIPE_PX = 40;

export function ImageViewer({ urls, index, onIndex, alt = imageAlt }: ImageViewerProps) {
  const count = urls.length;
  const current = index === null ? null : Math.min(Math.max(0, index), count - 1);
  const go = (step: number) => {
    if (current === null) return;
    const next = current + step;
    if (next >= 0 && next < count) onIndex(next);
  };
  const goRef = useRef(go);
  goRef.current = go;
  const open = current !== null;
  // Where the pointer that may swipe went down; a second finger (a pinch) is not a swipe.
  const swipeFrom = useRef<{ id: number; x: number; y: number } | null>(null);

  // On the document, not the picture: focus starts on the dialog's close button, and the modal
  // dialog makes everything else inert anyway.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        goRef.current(e.key === 'ArrowLeft' ? -1 : 1);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <Dialog
      open={open}
      title={current === null ? '图片' : `图片 ${current + 1}/${count}`}
      onRequestClose={() => onIndex(null)}
      width={720}
      footer={
        count > 1 && (
          <>
            <Button type="button" $variant="plain" aria-disabled={current === 0} onClick={() => go(-1)}>
              上一张
            </Button>
            <Button type="button" $variant="plain" aria-disabled={current === count - 1} onClick={() => go(1)}>
              下一张
            </Button>
          </>
        )
      }
    >
      {current !== null && (
        <Stage
          onPointerDown={(e) => {
            swipeFrom.current = e.isPrimary ? { id: e.pointerId, x: e.clientX, y: e.clientY } : null;
          }}
          onPointerUp={(e) => {
            const from = swipeFrom.current;
            swipeFrom.current = null;
            if (!from || from.id !== e.pointerId) return;
            const across = e.clientX - from.x;
            if (Math.abs(across) >= SWIPE_PX && Math.abs(across) > Math.abs(e.clientY - from.y)) go(across < 0 ? 1 : -1);
          }}
          onPointerCancel={() => {
            swipeFrom.current = null;
          }}
        >
          <img src={urls[current]} alt={alt(current, count)} decoding="async" draggable={false} />
        </Stage>
      )}
    </Dialog>
  );
}

const Stage = styled.div`
  display: flex;
  justify-content: center;
  /* A sideways swipe is the viewer's, not the page's; scrolling down and zooming stay the browser's. */
  touch-action: pan-y pinch-zoom;
  user-select: none;
  img {
    max-width: 100%;
    max-height: 60vh;
    object-fit: contain;
  }
`;
