/** 上传照片: the owner's file button (several at once) and the files on their way, each with its progress. */
import { styled } from '@xiaoba/shared';
import { ImageInput } from '../composer/ImageInput';
import { ImageSlots } from '../composer/ImageSlots';
import { ALBUM_WORDS } from './album-words';
import { usePhotoUploads } from './usePhotoUploads';

export function PhotoUploads({ albumId, uid, photoCount }: { albumId: number; uid: number; photoCount: number }) {
  const uploads = usePhotoUploads({ albumId, uid, photoCount });
  return (
    <Wrap>
      <ImageInput label={ALBUM_WORDS.upload} disabled={false} onFiles={uploads.add} />
      <ImageSlots slots={uploads.slots} onRemove={uploads.remove} noun="照片" pending="待上传的" byName />
    </Wrap>
  );
}

const Wrap = styled.div`
  margin: 0 0 12px;
`;
