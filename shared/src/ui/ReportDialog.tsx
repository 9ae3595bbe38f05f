/**
 * 举报: the one report dialog of the site, for a yy, a comment, a board message, a reply, a
 * 小纸条 or a whole space. A reason from REPORT_REASONS (radio buttons in a fieldset; focus starts
 * on the first), an optional note of at most REPORT_NOTE_MAX characters, then POST /report/add:
 * the server's words in a toast and the dialog closes; a refusal stays in the dialog.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import styled from 'styled-components';
import { useReportAddMutation } from '../api/safety-api';
import type { ApiError } from '../api/base-api';
import { REPORT_MSG, REPORT_NOTE_MAX, REPORT_REASONS, type ReportKind, type ReportReason } from '../core/safety';
import { charCount } from '../core/validation';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { FieldError, TextBox, TextCount } from './TextBox';
import { notify } from './toast';

export interface ReportTarget {
  kind: ReportKind;
  /** The item's id, or the uid for a space. */
  id: number;
}

export interface ReportDialogProps {
  open: boolean;
  target: ReportTarget;
  /** What is reported, in words: 小明的评论, 小明的空间. */
  subject: string;
  onClose(): void;
}

const reasons = Object.entries(REPORT_REASONS) as [ReportReason, string][];

/** What is wrong with the choices, in the contract's words, or null. */
export function reportProblem(reason: ReportReason | '', note: string): { field: 'reason' | 'note'; message: string } | null {
  if (!reason) return { field: 'reason', message: REPORT_MSG.reason };
  if (charCount(note.trim()) > REPORT_NOTE_MAX) return { field: 'note', message: REPORT_MSG.noteTooLong };
  return null;
}

export function ReportDialog({ open, target, subject, onClose }: ReportDialogProps) {
  const id = useId();
  const formId = `${id}form`;
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ field: 'reason' | 'note' | 'server'; message: string } | null>(null);
  const [reportAdd, { isLoading: sending }] = useReportAddMutation();
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);

  // Each opening starts afresh, with focus on the first reason (after Dialog's showModal).
  useEffect(() => {
    if (!open) return;
    setReason('');
    setNote('');
    setProblem(null);
    firstReasonRef.current?.focus();
  }, [open]);

  const close = () => {
    if (!sending) onClose();
  };

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (sending) return;
    const invalid = reportProblem(reason, note);
    if (invalid) {
      setProblem(invalid);
      if (invalid.field === 'reason') firstReasonRef.current?.focus();
      else noteRef.current?.focus();
      return;
    }
    const trimmed = note.trim();
    try {
      const res = await reportAdd({ kind: target.kind, id: target.id, reason: reason as ReportReason, ...(trimmed ? { note: trimmed } : {}) }).unwrap();
      notify.success(res.msg || REPORT_MSG.reported);
      onClose();
    } catch (err) {
      // Too many reports, a gone item, ...: said in the dialog, with the choices kept.
      setProblem({ field: 'server', message: (err as ApiError).message || '举报失败，请稍后再试' });
    }
  };

  return (
    <Dialog
      open={open}
      title={`举报${subject}`}
      onRequestClose={close}
      width={460}
      footer={
        <>
          <Button type="button" $variant="plain" onClick={close}>
            取消
          </Button>
          <Button type="submit" form={formId} aria-busy={sending || undefined}>
            {sending ? '提交中…' : '提交举报'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Reasons aria-describedby={problem?.field === 'reason' ? `${id}reasonError` : undefined} aria-invalid={problem?.field === 'reason' || undefined}>
          <legend>举报原因</legend>
          {reasons.map(([code, label], i) => (
            <label key={code}>
              <input
                ref={i === 0 ? firstReasonRef : undefined}
                type="radio"
                name={`${id}reason`}
                value={code}
                checked={reason === code}
                onChange={() => {
                  setReason(code);
                  if (problem?.field === 'reason') setProblem(null);
                }}
              />
              {label}
            </label>
          ))}
          {problem?.field === 'reason' && (
            <FieldError id={`${id}reasonError`} role="alert">
              {problem.message}
            </FieldError>
          )}
        </Reasons>
        <TextBox
          ref={noteRef}
          id={id}
          label="补充说明（可不填）"
          value={note}
          rows={3}
          error={problem?.field === 'note' ? problem.message : null}
          onChange={(value) => {
            setNote(value);
            if (problem?.field === 'note') setProblem(null);
          }}
        />
        <Count id={id} value={note} max={REPORT_NOTE_MAX} />
        {problem?.field === 'server' && <FieldError role="alert">{problem.message}</FieldError>}
      </form>
    </Dialog>
  );
}

const Reasons = styled.fieldset`
  margin: 0 0 12px;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: 6px;
    padding: 0;
    font-weight: 600;
  }
  label {
    display: flex;
    align-items: center;
    gap: 8px;
    min-height: 32px;
    cursor: pointer;
  }
  input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${(p) => p.theme.colors.primary};
  }
`;
const Count = styled(TextCount)`
  display: block;
  margin-top: 4px;
  text-align: right;
`;
