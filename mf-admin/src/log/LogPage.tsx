export default function LogPage() {
  return <h1>LogPage</h1>;
}
