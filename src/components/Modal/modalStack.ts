// Open modals, innermost last. Only the innermost one answers Escape, outside clicks and keeps
// focus, so a dialog opened from a dialog (error details over column settings) behaves.

const stack: symbol[] = [];

export function pushModal(id: symbol): void {
  stack.push(id);
}

export function removeModal(id: symbol): void {
  const index = stack.lastIndexOf(id);
  if (index >= 0) stack.splice(index, 1);
}

export const isTopModal = (id: symbol) => stack[stack.length - 1] === id;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focusable elements inside `root`, in tab order as far as the DOM order gives it. */
export function focusableIn(root: Element | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[inert], [hidden]'));
}
