export default function HelpPage() {
  return <h1>帮助中心</h1>;
}
