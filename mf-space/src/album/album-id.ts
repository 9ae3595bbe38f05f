/** The album of an address (`/my/photo/{albumId}`): written like a space id, else none (相册不存在 without a request). */
import { parseSpaceId } from '../space/space-id';

export const parseAlbumId = (text: string | undefined): number | null => parseSpaceId(text);
