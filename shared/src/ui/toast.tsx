/**
 * Toasts for every module (react-hot-toast, 3000 ms by default as the spec says). Remotes call
 * these through the shared singleton so every toast reaches the shell's one <Toaster/>.
 */
import toast, { Toaster } from 'react-hot-toast';
import { TOAST_MS } from '../core/constants';

export { Toaster };

export const notify = {
  success: (message: string, duration = TOAST_MS) => toast.success(message, { duration }),
  error: (message: string, duration = TOAST_MS) => toast.error(message, { duration }),
  info: (message: string, duration = TOAST_MS) => toast(message, { duration }),
  dismiss: (id?: string) => toast.dismiss(id),
};
