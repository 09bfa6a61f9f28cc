/** The page's one toast (e.g. "Coupon code copied!"), shown for 3 s (SPEC §9) in an aria-live region. */
import { atom } from 'nanostores';

export const TOAST_MS = 3000;

export type Toast = { id: number; message: string; tone: 'success' | 'error' };

export const $toast = atom<Toast | null>(null);

let nextId = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(message: string, tone: Toast['tone'] = 'success', ms = TOAST_MS): void {
  const id = ++nextId;
  $toast.set({ id, message, tone });
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    if ($toast.get()?.id === id) $toast.set(null);
  }, ms);
}
