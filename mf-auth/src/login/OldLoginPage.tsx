/** `/oldlogin`: the same login form and banner as `/login`, in its own lazily loaded chunk. */
import LoginPage from './LoginPage';

export default function OldLoginPage() {
  return <LoginPage />;
}
