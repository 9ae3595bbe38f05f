/** /setting/profile: editing the profile comes in a later issue; for now an honest note. */
import { SettingsFrame } from '../frame/SettingsFrame';

export default function ProfilePage() {
  return (
    <SettingsFrame title="个人资料">
      <p>
        <strong>即将开放</strong>
      </p>
      <p>查看和修改个人资料的功能正在制作中，敬请期待。</p>
    </SettingsFrame>
  );
}
