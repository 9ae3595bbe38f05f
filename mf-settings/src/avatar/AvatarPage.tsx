/**
 * /setting/avatar: upload a picture (checked and previewed locally first, then sent with a progress
 * bar) or choose one of the preset faces. Either way the store is patched, so every avatar of the
 * user on the page (header, space, yy list) changes at once.
 */
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { authActions, Avatar, Button, notify, selectUser, styled, useAppDispatch, useAppSelector, type UserInfo } from '@xiaoba/shared';
import { SettingsFrame } from '../frame/SettingsFrame';
import { FileLabel, ProgressRow, Refusal, Row, Section } from '../frame/parts';
import { AVATAR_ACCEPT, FACE_CHANGED, refuseAvatar, uploadAvatar, useUpdateFaceMutation } from './avatar-api';
import { FacePicker } from './FacePicker';

export default function AvatarPage() {
  const user = useAppSelector(selectUser);
  return (
    <SettingsFrame title="修改头像" writes>
      {user ? (
        <>
          <UploadSection user={user} />
          <FaceSection user={user} />
        </>
      ) : (
        <p>请先登录。</p>
      )}
    </SettingsFrame>
  );
}

function UploadSection({ user }: { user: UserInfo }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  /** 0..100 while and after sending; null before the first upload of a file. */
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);

  // An object URL holds the file in memory until revoked: free it when replaced or on leaving.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.currentTarget.files?.[0] ?? null;
    e.currentTarget.value = ''; // choosing the same file again still reports a change
    if (!chosen) return;
    const reason = refuseAvatar(chosen);
    setRefused(reason);
    setProgress(null);
    setFile(reason ? null : chosen);
    setPreview(reason ? null : URL.createObjectURL(chosen));
  };

  const send = async () => {
    if (!file || sending) return;
    setSending(true);
    setProgress(0);
    const result = await uploadAvatar(file, (fraction) => setProgress(Math.round(fraction * 100)));
    setSending(false);
    if (result.ok) {
      setProgress(100);
      dispatch(authActions.userPatched({ avatar: result.data.avatar }));
      notify.success(result.message);
      setFile(null);
      setPreview(null);
    } else {
      setProgress(null);
      notify.error(result.message);
    }
  };

  return (
    <Section aria-labelledby={`${id}title`}>
      <h3 id={`${id}title`}>上传头像</h3>
      <Row>
        <Figure>
          <Avatar uid={user.uid} face={user.face} avatar={user.avatar} name={user.name} size={96} />
          <figcaption>当前头像</figcaption>
        </Figure>
        {preview && (
          <Figure>
            <PreviewImg src={preview} alt="新头像预览" width={96} height={96} />
            <figcaption>预览</figcaption>
          </Figure>
        )}
      </Row>
      <p className="hint" id={`${id}hint`}>
        支持 JPG、PNG、GIF、WebP，不超过5MB；图片会被裁成正方形。
      </p>
      <Row>
        <input
          id={`${id}file`}
          className="visually-hidden"
          type="file"
          accept={AVATAR_ACCEPT}
          aria-describedby={`${id}hint`}
          onChange={choose}
          disabled={sending}
        />
        <FileLabel htmlFor={`${id}file`}>选择图片</FileLabel>
        <Button type="button" onClick={send} disabled={!file || sending} aria-busy={sending}>
          {sending ? '上传中…' : '上传头像'}
        </Button>
      </Row>
      {file && <p>已选择：{file.name}</p>}
      <Refusal role="alert">{refused}</Refusal>
      {progress !== null && (
        <ProgressRow>
          <progress id={`${id}progress`} max={100} value={progress} aria-label="上传进度" />
          <span aria-hidden="true">{progress}%</span>
        </ProgressRow>
      )}
    </Section>
  );
}

function FaceSection({ user }: { user: UserInfo }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const [chosen, setChosen] = useState(user.face);
  const [updateFace, { isLoading }] = useUpdateFaceMutation();

  const save = async () => {
    if (isLoading) return;
    try {
      const res = await updateFace(chosen).unwrap();
      const face = typeof res.data?.face === 'number' ? res.data.face : chosen;
      dispatch(authActions.userPatched({ face, avatar: '' }));
      notify.success(FACE_CHANGED);
    } catch (error) {
      notify.error((error as { message?: string }).message || '头像更换失败');
    }
  };

  return (
    <Section aria-labelledby={`${id}title`}>
      <h3 id={`${id}title`}>选择预设头像</h3>
      <FacePicker value={chosen} onChange={setChosen} name={user.name} uid={user.uid} labelledBy={`${id}title`} />
      <Button type="button" onClick={save} disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? '更换中…' : '使用这个头像'}
      </Button>
    </Section>
  );
}

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  figcaption {
    font-size: 12px;
    color: ${(p) => p.theme.colors.muted};
  }
`;

const PreviewImg = styled.img`
  width: 96px;
  height: 96px;
  border-radius: 50%;
  object-fit: cover;
`;
