export default function UserPage() {
  return <h1>UserPage</h1>;
}
