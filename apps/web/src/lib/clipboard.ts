/** The older selection + execCommand route, for browsers without the async clipboard (or outside HTTPS). */
function copyWithSelection(text: string): boolean {
  if (typeof document.execCommand !== 'function') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  const previousFocus = document.activeElement as HTMLElement | null;
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previousFocus?.focus();
  }
}

/**
 * Copy text to the clipboard. `navigator.clipboard` needs a secure context (HTTPS or localhost),
 * which a self-hosted instance on a LAN address often is not: fall back rather than fail.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or not focused: the fallback may still work.
  }
  return copyWithSelection(text);
}
