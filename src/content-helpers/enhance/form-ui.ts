/**
 * DOM helpers shared by the enhanced forms: per-field messages tied to their inputs
 * (aria-invalid + aria-describedby), the busy submit button, and the status / alert regions.
 */
import type { FieldProblem } from '../forms.ts';

export type Messages = Record<FieldProblem, string> & { sending: string; retry: string };

export function readConfig<T>(root: HTMLElement): T {
  const raw = root.querySelector<HTMLScriptElement>('script[data-config]')?.textContent ?? '{}';
  return JSON.parse(raw) as T;
}

export function fieldOf(root: HTMLElement, name: string) {
  return root.querySelector<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(`[data-field="${name}"]`);
}

/** Shows (or clears, with null) the message of one field. */
export function setFieldError(root: HTMLElement, name: string, message: string | null): void {
  const field = fieldOf(root, name);
  const error = root.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
  if (field) {
    if (message) field.setAttribute('aria-invalid', 'true');
    else field.removeAttribute('aria-invalid');
  }
  if (error) {
    error.textContent = message ?? '';
    error.hidden = !message;
  }
}

/** Puts the button in its busy state ("Sending...") or back. */
export function setBusy(root: HTMLElement, busy: boolean, labels: { busy: string; idle: string }): void {
  const button = root.querySelector<HTMLButtonElement>('[data-submit]');
  root.toggleAttribute('aria-busy', busy);
  if (!button) return;
  button.disabled = busy;
  button.textContent = busy ? labels.busy : labels.idle;
}

/** Writes the polite status text (success, sending, hand-off); clears the alert. */
export function showStatus(root: HTMLElement, text: string, link?: { href: string; label: string }): void {
  const status = root.querySelector<HTMLElement>('[data-status]');
  const alert = root.querySelector<HTMLElement>('[data-alert]');
  if (alert) alert.replaceChildren();
  if (!status) return;
  const p = document.createElement('p');
  p.textContent = text;
  status.replaceChildren(p);
  if (link) {
    const a = document.createElement('a');
    a.href = link.href;
    a.textContent = link.label;
    const line = document.createElement('p');
    line.className = 'mt-1';
    line.append(a);
    status.append(line);
  }
}

/** Writes the error alert with a retry button; clears the status. */
export function showAlert(root: HTMLElement, text: string, retry?: { label: string; onRetry: () => void }): void {
  const status = root.querySelector<HTMLElement>('[data-status]');
  const alert = root.querySelector<HTMLElement>('[data-alert]');
  if (status) status.replaceChildren();
  if (!alert) return;
  const p = document.createElement('p');
  p.textContent = text;
  alert.replaceChildren(p);
  if (retry) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'btn-secondary mt-2';
    button.textContent = retry.label;
    button.addEventListener('click', retry.onRetry);
    alert.append(button);
  }
}

export function clearMessages(root: HTMLElement): void {
  root.querySelector('[data-status]')?.replaceChildren();
  root.querySelector('[data-alert]')?.replaceChildren();
}
