import { options, type VNode } from 'preact';

// The app is written against React 19's API and rendered by Preact through preact/compat (decision 0038).
// Three things React does that preact/compat 10 does not are done here, once for every component, by
// Preact's `options` hooks. Imported by main.tsx and by the unit tests' setup, before anything renders.
//
// 1. `autoFocus` focuses the element when it is mounted. Preact would only write an `autofocus`
//    attribute, which a browser honours on page load and in a dialog being opened, not for an element
//    added later. The prop is taken off (React writes no attribute either) and the element's ref focuses
//    it the first time it is attached.
// 2. `ref` is an ordinary prop of a function component (React 19). Preact would keep it for itself and
//    point it at the component's internal instance instead of handing it to the component.
// 3. A controlled field (`value` with an input handler) shows its value after each input event even when
//    the handler sets the same state again (e.g. a space the handler strips). Preact re-renders only on a
//    change of state, so the typed character would stay in the field. Its onChange also hears `change`
//    events that bring a new value, as React's does.

type ElementRef = ((element: Element | null) => unknown) | { current: Element | null };
type Props = Record<string, unknown>;

// -- 1. autoFocus -------------------------------------------------------------------------------------

// An element is focused once, when it first appears: a re-render leaves the focus where the person put it.
const focused = new WeakSet<Element>();

function focusOnMount(element: Element | null): void {
  if (!(element instanceof HTMLElement) || focused.has(element)) return;
  focused.add(element);
  element.focus();
}

// One wrapper per ref, so that a re-render hands Preact the same ref and it is not detached and attached
// again (which would call the component's own ref with null and the element at every render).
const focusWrappers = new WeakMap<object, (element: Element | null) => unknown>();

function withFocusOnMount(ref: ElementRef | null | undefined): (element: Element | null) => unknown {
  if (!ref) return focusOnMount;
  let wrapper = focusWrappers.get(ref);
  if (!wrapper) {
    wrapper = (element) => {
      focusOnMount(element);
      if (typeof ref === 'function') return ref(element);
      ref.current = element;
      return undefined;
    };
    focusWrappers.set(ref, wrapper);
  }
  return wrapper;
}

function applyAutoFocus(vnode: VNode, props: Props): void {
  if (!('autoFocus' in props)) return;
  const autoFocus = props.autoFocus;
  delete props.autoFocus;
  if (autoFocus) vnode.ref = withFocusOnMount(vnode.ref as ElementRef | null | undefined) as VNode['ref'];
}

// -- 2. ref as a prop ---------------------------------------------------------------------------------

// Class components (and preact/compat's forwardRef and memo, which pass the ref on themselves) keep
// Preact's handling.
function isFunctionComponent(type: unknown): boolean {
  if (typeof type !== 'function') return false;
  const prototype = (type as { prototype?: { render?: unknown; isReactComponent?: unknown } }).prototype;
  return !prototype || (!prototype.render && !prototype.isReactComponent);
}

// -- 3. controlled fields -----------------------------------------------------------------------------

const UNCONTROLLED_TYPES = new Set(['checkbox', 'radio', 'file']);
// The value each controlled field was last rendered with.
const renderedValues = new WeakMap<Element, string>();

function isControlledField(vnode: VNode, props: Props): boolean {
  if (vnode.type !== 'input' && vnode.type !== 'textarea') return false;
  if (vnode.type === 'input' && UNCONTROLLED_TYPES.has(String(props.type))) return false;
  return props.value !== undefined && props.value !== null;
}

// After the handler (and the re-render its state change queued, a microtask of Preact's, which runs
// first), a field whose text differs from what it was last rendered with is given that value back.
function restoreAfter(handler: (event: Event) => unknown): (event: Event) => unknown {
  return function restoring(this: unknown, event: Event) {
    const result = handler.call(this, event);
    const field = event.currentTarget;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
      queueMicrotask(() => {
        const value = renderedValues.get(field);
        if (value !== undefined && field.value !== value) field.value = value;
      });
    }
    return result;
  };
}

function controlInput(vnode: VNode, props: Props): void {
  if (!isControlledField(vnode, props)) return;
  for (const name of ['oninput', 'oninputCapture']) {
    const handler = props[name];
    if (typeof handler === 'function') props[name] = restoreAfter(handler as (event: Event) => unknown);
  }
  // React's onChange hears `change` events too, when the field's value is not the one it was rendered
  // with (preact/compat listens to `input` only): a value set by a script, a picker that only sends
  // `change`. A `change` after typing finds the value already rendered and calls nothing twice.
  const onInput = props.oninput;
  if (typeof onInput === 'function' && props.onchange === undefined) {
    props.onchange = function changed(this: unknown, event: Event) {
      const field = event.currentTarget as Element;
      if ((field as HTMLInputElement).value !== renderedValues.get(field)) return (onInput as (event: Event) => unknown).call(this, event);
      return undefined;
    };
  }
}

// -- the hooks ----------------------------------------------------------------------------------------

const previousVNode = options.vnode;
options.vnode = (vnode: VNode) => {
  // preact/compat's own hook first: it turns onChange into oninput, className into class, etc.
  previousVNode?.(vnode);
  const props = vnode.props as Props;
  if (typeof vnode.type === 'string') {
    applyAutoFocus(vnode, props);
    controlInput(vnode, props);
  } else if (vnode.ref && isFunctionComponent(vnode.type)) {
    props.ref = vnode.ref;
    vnode.ref = null as VNode['ref'];
  }
};

const previousDiffed = options.diffed;
options.diffed = (vnode: VNode) => {
  previousDiffed?.(vnode);
  // `__e` is the element of a rendered vnode (Preact's `_dom`, by its published name, as preact/compat
  // itself reads it).
  const element = (vnode as unknown as { __e?: Element | null }).__e;
  if (!element || (vnode.type !== 'input' && vnode.type !== 'textarea')) return;
  const props = vnode.props as Props;
  if (isControlledField(vnode, props)) renderedValues.set(element, String(props.value));
  else renderedValues.delete(element);
};
