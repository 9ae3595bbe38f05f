/**
 * A yy's pictures: one shows larger (whole, in a 4:3 box up to 320 px wide), two to nine in a
 * three-column grid of square thumbnails.
 * Each thumbnail is a button opening the picture large in ImageViewer.
 */
import { useState } from 'react';
import { styled, type ImageData } from '@xiaoba/shared';
import { ImageViewer } from './ImageViewer';
import { focusRing } from '../ui/controls';

export const imageAlt = (index: number, count: number) => `第${index + 1}张图片，共${count}张`;

export function YyImages({ images }: { images: ImageData | null }) {
  return <PictureGrid urls={images?.data.map((d) => d.url) ?? []} />;
}

/** Pictures by their URLs in that layout (a yy's, a 日志 entry's), each opening ImageViewer. */
export function PictureGrid({ urls }: { urls: string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (urls.length === 0) return null;
  const single = urls.length === 1;
  return (
    <>
      <Grid $single={single}>
        {urls.map((url, i) => (
          <li key={`${i}:${url}`}>
            <Thumb type="button" $single={single} onClick={() => setOpen(i)}>
              <img src={url} alt={imageAlt(i, urls.length)} loading="lazy" decoding="async" />
            </Thumb>
          </li>
        ))}
      </Grid>
      <ImageViewer urls={urls} index={open} onIndex={setOpen} />
    </>
  );
}

const Grid = styled.ul<{ $single: boolean }>`
  display: grid;
  grid-template-columns: ${(p) => (p.$single ? '1fr' : 'repeat(3, 1fr)')};
  gap: 4px;
  max-width: ${(p) => (p.$single ? '320px' : '360px')};
  margin: 8px 0 0;
  padding: 0;
  list-style: none;
`;

/** A picture that opens the viewer: a yy's, an album's photo (never `$single` there: a grid of squares). */
export const Thumb = styled.button<{ $single: boolean }>`
  display: block;
  width: 100%;
  padding: 0;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: 6px;
  overflow: hidden;
  background: ${(p) => p.theme.colors.page};
  cursor: zoom-in;
  /* The box is sized before the picture arrives (a server-rendered page must not move when it
     does): one picture in a 4:3 box, shown whole inside it; thumbnails square, cropped. */
  aspect-ratio: ${(p) => (p.$single ? '4 / 3' : '1 / 1')};
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: ${(p) => (p.$single ? 'contain' : 'cover')};
  }
  ${focusRing}
`;
