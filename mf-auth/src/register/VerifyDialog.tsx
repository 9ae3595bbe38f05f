/**
 * 注册验证: four answers only a former member knows: the name of the character
 * in the picture, and the original site's words for fan, private message and microblog.
 * This dialog closes freely: the answers stay in the form.
 */
import { Button, Dialog, QUIZ_ANSWER_MAX, styled } from '@xiaoba/shared';
import { TextField } from '../form/FormParts';
import { Mascot } from './Mascot';

export interface QuizAnswers {
  name: string;
  fans: string;
  message: string;
  weibo: string;
}

export const EMPTY_ANSWERS: QuizAnswers = { name: '', fans: '', message: '', weibo: '' };

export const QUIZ_QUESTIONS: Record<keyof QuizAnswers, string> = {
  name: '图中的角色叫什么名字？',
  fans: '在校巴，关注你的人叫什么？',
  message: '在校巴，私信叫什么？',
  weibo: '在校巴，微博叫什么？',
};

export interface VerifyDialogProps {
  open: boolean;
  answers: QuizAnswers;
  onChange: (answers: QuizAnswers) => void;
  onClose: () => void;
}

export function VerifyDialog({ open, answers, onChange, onClose }: VerifyDialogProps) {
  return (
    <Dialog
      open={open}
      title="注册验证"
      onRequestClose={onClose}
      footer={
        <Button type="button" onClick={onClose}>
          填好了
        </Button>
      }
    >
      <Intro>只有老同学才知道答案哦：</Intro>
      <Picture>
        <Mascot />
      </Picture>
      {(Object.keys(QUIZ_QUESTIONS) as Array<keyof QuizAnswers>).map((key) => (
        <TextField
          key={key}
          label={QUIZ_QUESTIONS[key]}
          value={answers[key]}
          maxLength={QUIZ_ANSWER_MAX}
          autoComplete="off"
          onChange={(value) => onChange({ ...answers, [key]: value })}
        />
      ))}
    </Dialog>
  );
}

const Intro = styled.p`
  margin: 0 0 8px;
`;
const Picture = styled.div`
  display: flex;
  justify-content: center;
  margin-bottom: 8px;
`;
