import { APP_FAILED_EVENT, APP_HYDRATING_EVENT, APP_READY_EVENT } from './app/app-readiness';
import { fetchCodeFor, loadAppCodeWhenPainted, start } from './first-view/app-code';
import { release as releaseLaterPhotos, releaseLaterPhotosInTime } from './first-view/later-photos';

// The first script of a server-rendered page, written into its <head> by the server (decisions
// 012 and 018) and bundled on its own (scripts/build-server.mjs), so that it runs before anything
// is painted. It does three things:
//
// 1. It loads the app's code once the page is painted. The server sends the entry script and its
//    module preloads inside an inert <template>, so that the HTML and CSS have a slow connection
//    to themselves and paint first, then the page's main photo; the code (about 115 KB) follows,
//    and hydrates the page.
// 2. It holds what the visitor does meanwhile. Until the app has hydrated the page, its buttons
//    look ready but nothing listens to them: a tap would be lost, a checkbox would change behind
//    the app's back, a form would submit itself to the page's own address. So a tap, click, Enter
//    or Space on a control, and a form's submit, are stopped here and kept in order; the control
//    shows that it was pressed; once the app says it can act (APP_READY_EVENT), each is replayed
//    on the same element, once (or on the same control, should the app have drawn the page anew:
//    decision 042), and a press made during the replay waits its turn behind them.
//    What the browser does well alone is left to it: a link navigates, a form with an action (the
//    home page's search) submits, text is typed into a field (and kept from the app until it is
//    ready, then passed on). If the code cannot be loaded (offline, a blocked script), a pressed
//    control says so and offers a reload, instead of silence. A pressed control that names the
//    code its press will need (a sheet, a dialog: web/lib/press-code.ts) has it fetched at once
//    (decision 047).
// 3. It keeps the photos past the first screen from sharing the line with the app's code: they
//    are fetched once the code is in (decision 047).

// Loading the app's code: first-view/app-code.ts. Its listeners go first, before this file's.
loadAppCodeWhenPainted(fail);
// The photos past the first screen wait for it: first-view/later-photos.ts.
releaseLaterPhotosInTime();
document.addEventListener(APP_HYDRATING_EVENT, releaseLaterPhotos, { once: true });

// ---------------------------------------------------------------------------------------------
// Holding what the visitor does until the app can act

/** What a tap or a key can act on. A press anywhere else does nothing, so nothing is held for it. */
const CONTROL =
  'a[href],button,input,select,textarea,label,summary,[role=button],[role=tab],[role=switch],[role=checkbox],[role=radio],[role=menuitem],[role=option],[role=slider],[role=combobox]';
/** Fields whose value the browser edits by itself: what is typed stays, and is passed on when the app is ready. */
const FIELD = 'input:not([type=checkbox],[type=radio],[type=button],[type=submit],[type=reset],[type=image],[type=file]),textarea,select';
/** Composite widgets (tabs, menus, radio groups) move between their items with these keys. */
const MOVING_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];
const COMPOSITE_ITEM = '[role=tab],[role=radio],[role=menuitem],[role=option]';
/** How long a held press waits before the visitor is told that the page is slow to load. */
const SLOW_MS = 15_000;
const PENDING = 'data-pending';

/**
 * Which control an element is, told in terms that do not depend on where the page's layout puts
 * it, so that it can be found again once the app has drawn the page anew: its kind and name, its
 * rank among the page's controls of that kind and name, and the element's path inside it.
 */
type Place = { tagName: string; identity: string; rank: number; alike: number; inside: number[] };
/** An event as it was, to be dispatched again: its kind, its target (and which control that is) and its details. */
type Held = {
  type: string;
  kind: new (type: string, init: object) => Event;
  target: Element;
  place: Place;
  init: Record<string, unknown>;
};
/** One press: the control it shows as pressed (none for a moving key), and its events (pointer down to click, a key, or a submit). */
type Gesture = { control?: Element; events: Held[] };

const DETAILS = [
  'bubbles', 'cancelable', 'composed', 'detail', 'screenX', 'screenY', 'clientX', 'clientY', 'ctrlKey', 'shiftKey',
  'altKey', 'metaKey', 'button', 'buttons', 'pointerId', 'width', 'height', 'pressure', 'tangentialPressure', 'tiltX',
  'tiltY', 'twist', 'pointerType', 'isPrimary', 'key', 'code', 'location', 'repeat', 'submitter',
] as const;

/**
 * Waiting for the app; replaying what was held (a press made meanwhile is still held, and waits
 * its turn: acted on at once, Apply would overtake the filter chosen just before it); ready, once
 * everything held has been replayed; or failed, the app's code having not come.
 */
let state: 'waiting' | 'replaying' | 'ready' | 'failed' = 'waiting';
/** Set while a held event is dispatched again: what the browser does in answer (a form's submit) is the replay's. */
let dispatching = false;
const gestures: Gesture[] = [];
/** The pointer events of the tap under way, kept once its click says it was a tap on a control. */
let pointer: Held[] = [];
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** What was typed or picked in each field, as it last was, and which field that is. */
const typed = new Map<Field, { value: string; place: Place }>();
let slowTimer: ReturnType<typeof setTimeout> | undefined;
let alertBox: HTMLElement | undefined;

const root = () => document.getElementById('root');

/**
 * A control's kind and name: what it is to the visitor, not its state (pressed, expanded) nor its
 * ids (React derives them from the control's place in the tree).
 */
function identityOf(control: Element): string {
  const labels = 'labels' in control ? (control as HTMLInputElement).labels : null;
  // A form's text is all its fields' labels and hints, which may change as it is drawn anew.
  const text = control instanceof HTMLFormElement ? '' : control.textContent;
  const name = control.getAttribute('aria-label') ?? (labels?.length ? labels[0]!.textContent : text);
  const attributes = ['role', 'type', 'name', 'href', 'action'].map((attribute) => control.getAttribute(attribute));
  return [control.tagName, ...attributes, name?.replace(/\s+/g, ' ').trim()].join('\n');
}

/** The controls under #root of a kind and name, in the page's order. */
function alikeOf(tagName: string, identity: string): Element[] {
  return [...(root()?.getElementsByTagName(tagName) ?? [])].filter((element) => identityOf(element) === identity);
}

function placeOf(target: Element, control: Element): Place {
  const identity = identityOf(control);
  const alike = alikeOf(control.tagName, identity);
  const inside: number[] = [];
  for (let node = target; node !== control && node.parentElement; node = node.parentElement) {
    inside.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return { tagName: control.tagName, identity, rank: alike.indexOf(control), alike: alike.length, inside };
}

function hold(event: Event, target: Element, control: Element): Held {
  const init: Record<string, unknown> = { view: window };
  for (const key of DETAILS) if (key in event) init[key] = (event as unknown as Record<string, unknown>)[key];
  return { type: event.type, kind: event.constructor as Held['kind'], target, place: placeOf(target, control), init };
}

/**
 * The element a held event goes to: its own target, or, if the app has drawn the page anew (the
 * layout for a width other than the one the server guessed, a failed hydration), the same place
 * in the same control. A control whose kind and name the page no longer shows, or shows a
 * different number of times, is not guessed at: the press is dropped rather than acting on
 * another control.
 */
function targetOf({ target, place }: Pick<Held, 'target' | 'place'>): Element | undefined {
  if (target.isConnected) return target;
  const alike = alikeOf(place.tagName, place.identity);
  const control = alike.length === place.alike ? alike[place.rank] : undefined;
  let node = control;
  for (const index of place.inside) {
    const child: Element | undefined = node?.children[index];
    if (!child) break;
    node = child;
  }
  return node?.tagName === target.tagName ? node : control;
}

/** How long a replay waits for a pressed control that the app has taken away to be drawn again. */
const REDRAWN_WAIT_MS = 3000;

/** targetOf `held`, waiting for the app to draw it should it not be on the page yet (a lazy part of a new layout). */
function redrawnTargetOf(held: Held): Promise<Element | undefined> {
  const now = targetOf(held);
  const container = root();
  if (now || !container) return Promise.resolve(now);
  return new Promise((done) => {
    const observer = new MutationObserver(() => {
      const found = targetOf(held);
      if (found) finish(found);
    });
    const finish = (found: Element | undefined) => {
      observer.disconnect();
      clearTimeout(timer);
      done(found);
    };
    const timer = setTimeout(finish, REDRAWN_WAIT_MS);
    observer.observe(container, { childList: true, subtree: true });
  });
}

/** The control an event on `target` acts on, if it is in the app and needs the app. */
function controlOf(target: EventTarget | null): Element | undefined {
  if (!(target instanceof Element) || !target.closest('#root')) return undefined;
  const control = target.closest(CONTROL);
  if (!control || worksAlone(control)) return undefined;
  return control;
}

/** A link, or the submit button of a form that has an action: the browser does what the app would. */
function worksAlone(control: Element): boolean {
  if (control instanceof HTMLAnchorElement) return true;
  const submits = (control instanceof HTMLButtonElement || control instanceof HTMLInputElement) && (control.type === 'submit' || control.type === 'image');
  return submits && Boolean((control as HTMLButtonElement).form?.hasAttribute('action'));
}

const isField = (element: Element): element is Field => element.matches(FIELD);

/**
 * Keeps a press on `control` to be replayed. The click that a key makes on a button joins the
 * key's press; another press on a control already waiting is the same wish, made again.
 */
function keep(control: Element, events: Held[]) {
  const last = gestures[gestures.length - 1];
  const lastEvent = last?.events[last.events.length - 1];
  if (last?.control === control && lastEvent?.type === 'keydown' && events[0]?.type === 'click') {
    last.events.push(...events);
  } else if (!control.hasAttribute(PENDING)) {
    control.setAttribute(PENDING, '');
    control.setAttribute('aria-busy', 'true');
    gestures.push({ control, events });
  }
  slowTimer ??= setTimeout(tellToReload, SLOW_MS);
  start();
  fetchCodeFor(control);
}

function unmark(control: Element) {
  control.removeAttribute(PENDING);
  control.removeAttribute('aria-busy');
}

/** Whether the visitor did this, not the replay (its events are untrusted; what the browser does in answer to them is not). */
const isVisitors = (event: Event) => event.isTrusted && !dispatching;

function onPointer(event: Event) {
  // The replay's own events pass, and leave the visitor's tap under way as it is.
  if (!isVisitors(event)) return;
  if (event.type === 'pointerdown') pointer = [];
  if (event.type === 'pointercancel') {
    pointer = [];
    return;
  }
  const control = controlOf(event.target);
  if (!control || state === 'failed') return;
  // Nothing in the app may see half a tap: the app's handlers, once hydration has begun, would act
  // on its first half now and again on the whole when it is replayed.
  event.stopPropagation();
  pointer.push(hold(event, event.target as Element, control));
  // The press's code is asked for at its very start, not at its click (after the finger lifts).
  if (event.type === 'pointerdown') fetchCodeFor(control);
}

function onClick(event: MouseEvent) {
  if (!isVisitors(event)) return;
  const control = controlOf(event.target);
  const taps = event.detail > 0 ? pointer : [];
  pointer = [];
  if (!control) return;
  // The click's own effect (a checkbox ticked, a form submitted) is the app's to decide.
  event.preventDefault();
  event.stopPropagation();
  if (state === 'failed') tellToReload();
  else keep(control, [...taps, hold(event, event.target as Element, control)]);
}

function onKey(event: KeyboardEvent) {
  const control = isVisitors(event) ? controlOf(event.target) : undefined;
  // Typing is the field's: Enter in a field submits its form through a click on its submit button.
  if (!control || isField(control) || state === 'failed') return;
  if (MOVING_KEYS.includes(event.key) && control.matches(COMPOSITE_ITEM)) {
    // Each press moves once more (to the next tab, the next item): kept every time, unmarked. The
    // page does not scroll meanwhile.
    event.preventDefault();
    event.stopPropagation();
    gestures.push({ events: [hold(event, control, control)] });
    start();
  } else if (event.key === 'Enter' || event.key === ' ') {
    // Not prevented: on a button, the browser follows the key with a click, held in its turn. Some
    // controls act on the key itself (a menu's trigger), so it is replayed too.
    event.stopPropagation();
    keep(control, [hold(event, control, control)]);
  }
}

function onSubmit(event: SubmitEvent) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !isVisitors(event) || !form.closest('#root') || form.hasAttribute('action')) return;
  event.preventDefault();
  event.stopPropagation();
  if (state === 'failed') tellToReload();
  else keep(form, [hold(event, form, form)]);
}

function onType(event: Event) {
  // Once the app runs, what is typed reaches it directly.
  if (state !== 'waiting') return;
  const field = event.target;
  if (field instanceof Element && field.closest('#root') && isField(field)) {
    typed.set(field, { value: field.value, place: typed.get(field)?.place ?? placeOf(field, field) });
    // Kept from React until the app has committed: in the middle of hydrating, React hands such an
    // event to the field's half-built component, whose state it throws away as it hydrates again at
    // once, for the event (a choice made in a select as hydration ended was undone: e2e/press-moments).
    event.stopPropagation();
  }
}

const LISTENERS = [
  ['pointerdown', onPointer], ['mousedown', onPointer], ['pointerup', onPointer], ['mouseup', onPointer],
  ['pointercancel', onPointer], ['click', onClick], ['keydown', onKey], ['submit', onSubmit], ['input', onType], ['change', onType],
] as const satisfies readonly (readonly [string, (event: never) => void])[];

// On the window, in the capture phase: before anything of the page, and of the app once hydration
// has begun, sees the event.
for (const [type, listener] of LISTENERS) addEventListener(type, listener as EventListener, true);

/** Passes what was typed before the app ran into the app's state. */
function passOn(field: Field, value: string) {
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // React hears of a change only when the field's value differs from the last one it saw, which
  // hydration took from the field itself: so it is told of another first (through the field's
  // own setter, which React watches), and the value is then set behind its back (the prototype's).
  const focused = document.activeElement === field;
  const { selectionStart, selectionEnd } = field;
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (focused && selectionStart !== null && selectionEnd !== null) {
    try {
      field.setSelectionRange(selectionStart, selectionEnd);
    } catch {
      // Some kinds of field (email, number) have no selection to restore.
    }
  }
}

const nextTask = () => new Promise((done) => setTimeout(done));

/** Dispatches `held` again on `target` (its element, or the one in its place), as the browser would. */
function dispatch(held: Held, target: Element) {
  dispatching = true;
  try {
    if (held.type === 'submit' && target instanceof HTMLFormElement) {
      const submitter = held.init.submitter;
      target.requestSubmit(submitter instanceof HTMLElement && submitter.isConnected && (submitter as HTMLButtonElement).form === target ? submitter : null);
    } else {
      target.dispatchEvent(new held.kind(held.type, held.init));
    }
  } finally {
    dispatching = false;
  }
}

/**
 * Dispatches each held press again, in order, each event in a task of its own as the browser
 * would, including those made while this runs; then lets the visitor's events through.
 */
async function replay() {
  for (const [field, { value, place }] of typed) {
    const target = targetOf({ target: field, place });
    if (target && isField(target)) passOn(target, value);
  }
  typed.clear();
  while (gestures.length > 0) {
    const { control, events } = gestures.shift()!;
    if (control) unmark(control);
    for (const held of events) {
      await nextTask();
      const target = await redrawnTargetOf(held);
      if (!target) break;
      dispatch(held, target);
    }
  }
  state = 'ready';
  // A press held since the app said it was ready started the timer anew.
  clearTimeout(slowTimer);
  tell('ready');
  for (const [type, listener] of LISTENERS) removeEventListener(type, listener as EventListener, true);
}

/** Says on the document where the app stands (`data-app` on <html>): for its styles and its tests. */
const tell = (where: 'ready' | 'failed') => document.documentElement.setAttribute('data-app', where);

function ready() {
  if (state === 'replaying' || state === 'ready') return;
  clearTimeout(slowTimer);
  alertBox?.remove();
  // In a task of its own: the ready event comes from an effect that React may run inside its own
  // handling of an event, and a change it hears there first has its field put back to the value
  // the commit drew. Until then, what is typed and pressed is still held, behind what came before.
  setTimeout(() => {
    state = 'replaying';
    void replay();
  });
}

function fail() {
  releaseLaterPhotos();
  if (state !== 'waiting') return;
  state = 'failed';
  tell('failed');
  const pressed = gestures.length > 0;
  for (const { control } of gestures.splice(0)) if (control) unmark(control);
  if (pressed) tellToReload();
}

/** Tells the visitor that the page's code has not come, with a way to fetch it again. */
function tellToReload() {
  if (!alertBox) {
    alertBox = document.createElement('div');
    alertBox.className = 'first-view-alert';
    alertBox.setAttribute('role', 'alert');
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.textContent = 'Reload';
    reload.addEventListener('click', () => location.reload());
    alertBox.append(document.createElement('p'), reload);
  }
  alertBox.firstElementChild!.textContent = state === 'failed'
    ? 'This page could not finish loading. Check your connection, then reload.'
    : 'This page is taking long to load. Check your connection, or reload.';
  if (!alertBox.isConnected) document.body.append(alertBox);
}

document.addEventListener(APP_READY_EVENT, ready, { once: true });
document.addEventListener(APP_FAILED_EVENT, fail, { once: true });
