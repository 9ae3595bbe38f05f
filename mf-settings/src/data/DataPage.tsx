/**
 * /setting/data (我的数据): export everything the user wrote and received as one ZIP that reads
 * offline, and import such a ZIP back. The original 校巴 shut down and its users lost what they
 * wrote; this page is the answer. In archive mode export still works; import, a write, is hidden.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  api,
  authActions,
  baseApi,
  Button,
  notify,
  selectUser,
  styled,
  useAppDispatch,
  useAppSelector,
  useArchiveMode,
  type ApiEnvelope,
  type UserInfo,
} from '@xiaoba/shared';
import { SettingsFrame } from '../frame/SettingsFrame';
import { FileLabel, ProgressRow, Refusal, Row, Section } from '../frame/parts';
import {
  describeCounts,
  downloadUrl,
  exportProgress,
  formatBytes,
  importZip,
  prepareExport,
  refuseZip,
  type ExportTicket,
  type ImportReport,
} from './data-api';

/** How often the page asks the server how far the download has got. */
export const PROGRESS_POLL_MS = 700;

export default function DataPage() {
  const user = useAppSelector(selectUser);
  const archive = useArchiveMode();
  return (
    <SettingsFrame title="我的数据">
      {user ? (
        <>
          <ExportSection user={user} />
          {archive ? <p>校巴现在是只读存档，不能导入；导出仍然可以。</p> : <ImportSection />}
        </>
      ) : (
        <p>请先登录。</p>
      )}
    </SettingsFrame>
  );
}

type ExportState = { step: 'idle' } | { step: 'preparing' } | { step: 'sending'; ticket: ExportTicket; sent: number } | { step: 'done'; ticket: ExportTicket };

function ExportSection({ user }: { user: UserInfo }) {
  const id = useId();
  const [state, setState] = useState<ExportState>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const busy = state.step === 'preparing' || state.step === 'sending';

  // Polls the server's count of bytes sent until it says the download is complete.
  const ticket = state.step === 'sending' ? state.ticket : null;
  useEffect(() => {
    if (!ticket) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const result = await exportProgress(ticket.ticket);
      if (stopped) return;
      if (result.ok && result.data.done) {
        setState({ step: 'done', ticket });
        return;
      }
      if (result.ok) setState((s) => (s.step === 'sending' ? { ...s, sent: result.data.sent } : s));
      timer = setTimeout(() => void poll(), PROGRESS_POLL_MS);
    };
    // poll never rejects: exportProgress answers a failure as { ok: false }.
    timer = setTimeout(() => void poll(), PROGRESS_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [ticket]);

  const start = async () => {
    if (busy) return;
    setError(null);
    setState({ step: 'preparing' });
    const result = await prepareExport(user.skin);
    if (!result.ok) {
      setState({ step: 'idle' });
      setError(result.message);
      return;
    }
    // The browser's own download streams the ZIP to disk; a link click keeps this page open.
    const link = document.createElement('a');
    link.href = downloadUrl(result.data.ticket);
    link.download = '';
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    setState({ step: 'sending', ticket: result.data, sent: 0 });
  };

  const size = state.step === 'sending' || state.step === 'done' ? state.ticket.size : 0;
  const sent = state.step === 'sending' ? state.sent : size;
  const percent = size > 0 ? Math.min(100, Math.round((sent / size) * 100)) : 0;

  return (
    <Section aria-labelledby={`${id}title`}>
      <h3 id={`${id}title`}>导出我的空间</h3>
      <p>
        把你的资料、签名、头像、yy 和图片、你写的评论和回复、别人在你 yy 下的评论、你的留言板和你给别人的留言，打包成一个 ZIP 文件。 解压后打开里面的
        index.html，不用联网也能看；data.json 可以导入回校巴。
      </p>
      <Row>
        <Button type="button" onClick={start} disabled={busy} aria-busy={busy}>
          {state.step === 'preparing' ? '正在准备…' : state.step === 'sending' ? '导出中…' : '导出我的空间'}
        </Button>
      </Row>
      <Refusal role="alert">{error}</Refusal>
      {(state.step === 'sending' || state.step === 'done') && (
        <>
          <ProgressRow>
            <progress max={100} value={percent} aria-label="导出进度" />
            <span aria-hidden="true">{percent}%</span>
          </ProgressRow>
          <p role="status">
            {state.step === 'done'
              ? `导出完成：${state.ticket.posts} 条 yy，${state.ticket.images} 张图片，共 ${formatBytes(size)}。请在浏览器的下载里找到它。`
              : `正在导出：${formatBytes(sent)} / ${formatBytes(size)}`}
          </p>
        </>
      )}
    </Section>
  );
}

function ImportSection() {
  const id = useId();
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  /** 0..100 of the upload; null before sending. */
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.currentTarget.files?.[0] ?? null;
    e.currentTarget.value = '';
    if (!chosen) return;
    const reason = refuseZip(chosen);
    setRefused(reason);
    setReport(null);
    setProgress(null);
    setFile(reason ? null : chosen);
  };

  const send = async () => {
    if (!file || sending) return;
    setSending(true);
    setRefused(null);
    setProgress(0);
    abort.current = new AbortController();
    const result = await importZip(file, (fraction) => setProgress(Math.round(fraction * 100)), abort.current.signal);
    setSending(false);
    if (!result.ok) {
      setProgress(null);
      setRefused(result.message);
      return;
    }
    setReport(result.data);
    setFile(null);
    notify.success(result.message || '导入完成');
    // Everything cached may have changed (posts, counts, the avatar and signatures).
    dispatch(baseApi.util.resetApiState());
    const me = await api.get<ApiEnvelope<UserInfo>>('/user/getinfo').catch(() => null);
    if (me?.data.data) dispatch(authActions.userLoaded(me.data.data));
  };

  const uploaded = progress === 100 && sending;
  return (
    <Section aria-labelledby={`${id}title`}>
      <h3 id={`${id}title`}>导入以前的导出</h3>
      <p className="hint" id={`${id}hint`}>
        选择从校巴导出的 ZIP 文件：yy、图片、签名和头像会按原来的时间恢复；已经有的不会重复导入。只能导入自己账号的导出。
      </p>
      <Row>
        <input
          id={`${id}file`}
          className="visually-hidden"
          type="file"
          accept=".zip,application/zip"
          aria-describedby={`${id}hint`}
          onChange={choose}
          disabled={sending}
        />
        <FileLabel htmlFor={`${id}file`}>选择 ZIP 文件</FileLabel>
        <Button type="button" onClick={send} disabled={!file || sending} aria-busy={sending}>
          {sending ? '导入中…' : '开始导入'}
        </Button>
      </Row>
      {file && (
        <p>
          已选择：{file.name}（{formatBytes(file.size)}）
        </p>
      )}
      <Refusal role="alert">{refused}</Refusal>
      {progress !== null && !report && (
        <ProgressRow>
          <progress max={100} value={progress} aria-label="上传进度" />
          <span aria-hidden="true">{uploaded ? '正在恢复…' : `${progress}%`}</span>
        </ProgressRow>
      )}
      {report && <ImportSummary report={report} />}
    </Section>
  );
}

function ImportSummary({ report }: { report: ImportReport }) {
  const created = describeCounts(report.created);
  const skipped = describeCounts(report.skipped);
  return (
    <Summary role="status">
      <p>{created ? `已恢复：${created}。` : '没有需要恢复的新内容。'}</p>
      {skipped && <p>已经存在、没有重复导入：{skipped}。</p>}
      {report.unrestorable.length > 0 && (
        <>
          <p>有 {report.unrestorable.length} 项无法恢复：</p>
          <ul>
            {report.unrestorable.slice(0, 50).map((item, i) => (
              // One picture may be reported for each yy that shows it: the position keeps keys apart.
              <li key={`${i}-${item.kind}-${item.id}`}>{item.reason}</li>
            ))}
          </ul>
          {report.unrestorable.length > 50 && <p>……还有 {report.unrestorable.length - 50} 项。</p>}
        </>
      )}
    </Summary>
  );
}

const Summary = styled.div`
  margin-top: 8px;
  padding: 8px 12px;
  border-left: 4px solid ${(p) => p.theme.colors.primary};
  background: ${(p) => p.theme.colors.panel};
  ul {
    margin: 4px 0;
    padding-left: 20px;
  }
`;
