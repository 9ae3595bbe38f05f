export default function ReportsPage() {
  return <h1>ReportsPage</h1>;
}
