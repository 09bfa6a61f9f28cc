/**
 * Copy text: the async Clipboard API first, then the old textarea + execCommand('copy')
 * fallback. Resolves true when either worked, false when both failed. Never throws.
 * The environment is injectable for tests.
 */

export type ClipboardEnv = {
  clipboard?: { writeText(text: string): Promise<void> } | undefined;
  document?: Document | undefined;
};

function browserEnv(): ClipboardEnv {
  return {
    clipboard: typeof navigator !== 'undefined' ? navigator.clipboard : undefined,
    document: typeof document !== 'undefined' ? document : undefined,
  };
}

/** The textarea + execCommand fallback for browsers (or contexts) without the Clipboard API. */
export function copyWithExecCommand(text: string, doc: Document | undefined): boolean {
  if (!doc?.body) return false;
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '0';
  area.style.opacity = '0';
  const active = doc.activeElement as HTMLElement | null;
  doc.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    active?.focus?.({ preventScroll: true });
  }
}

export async function copyText(text: string, env: ClipboardEnv = browserEnv()): Promise<boolean> {
  if (env.clipboard?.writeText) {
    try {
      await env.clipboard.writeText(text);
      return true;
    } catch {
      // permission denied, insecure context, document not focused: try the fallback
    }
  }
  return copyWithExecCommand(text, env.document);
}
