/**
 * The newsletter form's behaviour (markup: src/components/content/NewsletterForm.astro).
 * Open: validate, then "Subscribing..." → success or error with a retry, one send per press.
 * Closed (features.newsletter disabled): validate, send nothing, say sign-up is not open yet.
 */

import { browserApiClient } from '../../stores/form-client.ts';
import { emailProblem, postJson, type SendResult, singleFlight } from '../forms.ts';
import {
  clearMessages,
  fieldOf,
  type Messages,
  readConfig,
  setBusy,
  setFieldError,
  showAlert,
  showStatus,
} from './form-ui.ts';

interface Config {
  open: boolean;
  endpoint: string;
  siteId: string;
  apiBaseUrl: string;
  timeout: number;
  messages: Messages & { send: string; success: string; error: string; closed: string };
}

export function enhance(root: HTMLElement, first: Event | null): void {
  if (!(root instanceof HTMLFormElement)) return;
  const form = root;
  const cfg = readConfig<Config>(form);
  const m = cfg.messages;
  const input = fieldOf(form, 'email');
  form.noValidate = true;

  const subscribe = async (email: string): Promise<SendResult> => {
    if (/^https?:\/\//i.test(cfg.endpoint)) return postJson(cfg.endpoint, { email }, { timeoutMs: cfg.timeout });
    const result = await browserApiClient(cfg).post(cfg.endpoint, { email });
    return result.success ? { ok: true } : { ok: false, reason: result.message };
  };
  const sender = singleFlight(subscribe);

  const validate = () => {
    const problem = emailProblem(input?.value ?? '');
    setFieldError(form, 'email', problem ? m[problem] : null);
    return !problem;
  };

  const submit = async () => {
    if (sender.busy) return;
    clearMessages(form);
    if (!validate()) {
      input?.focus();
      return;
    }
    if (!cfg.open) {
      showStatus(form, m.closed);
      return;
    }
    setBusy(form, true, { busy: m.sending, idle: m.send });
    showStatus(form, m.sending);
    const result = await sender.run((input?.value ?? '').trim());
    setBusy(form, false, { busy: m.sending, idle: m.send });
    if (!result) return;
    if (result.ok) {
      form.reset();
      showStatus(form, m.success);
    } else {
      console.warn('Newsletter sign-up failed:', result.reason);
      showAlert(form, m.error, { label: m.retry, onRetry: () => void submit() });
    }
  };

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void submit();
  });
  input?.addEventListener('input', () => {
    if (input.hasAttribute('aria-invalid')) validate();
  });
  if (first?.type === 'submit') void submit();
}
