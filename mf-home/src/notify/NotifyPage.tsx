export default function NotifyPage() {
  return <h1>系统通知</h1>;
}
