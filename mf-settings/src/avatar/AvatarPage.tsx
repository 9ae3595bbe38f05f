/** /setting/avatar: changing the avatar comes in a later issue; for now an honest note. */
import { SettingsFrame } from '../frame/SettingsFrame';

export default function AvatarPage() {
  return (
    <SettingsFrame title="修改头像">
      <p>
        <strong>即将开放</strong>
      </p>
      <p>上传和更换头像的功能正在制作中，敬请期待。</p>
    </SettingsFrame>
  );
}
