/**
 * SocketMessage (variant A): the window manager's message vocabulary, `{"type": ..., "content": ...}`.
 * 184 message types at the spec's version; the payload shapes follow reference FORMAT-KEYS §6.
 */
import * as z from 'zod';
import { float, i32, names, once, u32, u64, u8, uint, uint1, walkMeta } from '../schema-kit.js';
import { defaultLayout, pathBuf, rect } from './common.js';
import { tilerTheme } from './theme.js';
import { doc } from '../schema-docs.js';

/** An enumeration of message payloads, its values explained (`tilebar schema` shows them). */
const enumeration = (id: string, label: string, description: string, values: Record<string, string>, aliases: Record<string, string> = {}) =>
  once(() => doc(names(label, Object.keys(values) as [string, ...string[]], { aliases }), { id, description, values }));

const IMPLEMENTATION = { Tiler: 'Done by the window manager itself.', Os: 'Done by the operating system.' };

/** Enumerations used by message payloads. `Tiler`/`Os` are also spelled `Komorebi`/`Windows`. */
export const E = {
  operationDirection: enumeration('OperationDirection', 'a direction', 'A direction on screen.', {
    Left: 'To the left.',
    Right: 'To the right.',
    Up: 'Upwards.',
    Down: 'Downwards.',
  }),
  cycleDirection: enumeration('CycleDirection', 'a cycle direction', 'Back or forward in a cycle (it wraps round).', {
    Previous: 'The one before.',
    Next: 'The one after.',
  }),
  sizing: enumeration('Sizing', 'a sizing', 'Larger or smaller.', { Increase: 'Make it larger.', Decrease: 'Make it smaller.' }),
  axis: enumeration('Axis', 'an axis', 'A direction of resizing or flipping.', {
    Horizontal: 'Left to right.',
    Vertical: 'Top to bottom.',
    HorizontalAndVertical: 'Both at once.',
  }),
  hidingBehaviour: enumeration('HidingBehaviour', 'a hiding behaviour', 'How windows of hidden workspaces are put away.', {
    Hide: 'Hidden (an old way; some programs misbehave).',
    Minimize: 'Minimised (slow when switching workspaces often).',
    Cloak: 'Cloaked: invisible while still open (the usual choice).',
  }),
  moveBehaviour: enumeration('MoveBehaviour', 'a move behaviour', 'What moving a window past a monitor\'s edge does.', {
    Swap: 'Swap it with the window at the edge of the next monitor.',
    Insert: 'Insert it into the next monitor\'s focused workspace.',
    NoOp: 'Nothing.',
  }),
  operationBehaviour: enumeration('OperationBehaviour', 'an operation behaviour', 'Whether commands act on windows that are not tiled.', {
    Op: 'Commands act on them too.',
    NoOp: 'Commands leave them alone.',
  }),
  stackbarMode: enumeration('StackbarMode', 'a stackbar mode', 'When a stack shows its tab bar.', {
    Always: 'On every container.',
    Never: 'Never.',
    OnStack: 'Only on containers with more than one window.',
  }),
  stackbarLabel: enumeration('StackbarLabel', 'a stackbar label', 'What a tab of a stack says.', {
    Process: 'The program\'s name.',
    Title: 'The window\'s title.',
  }),
  borderStyle: enumeration('BorderStyle', 'a border style', 'The shape of window borders.', {
    System: 'As the system draws windows.',
    Rounded: 'Rounded corners.',
    Square: 'Square corners.',
  }),
  borderImplementation: enumeration('BorderImplementation', 'a border implementation', 'Who draws window borders.', IMPLEMENTATION, { Komorebi: 'Tiler', Windows: 'Os' }),
  ffmImplementation: enumeration('FocusFollowsMouseImplementation', 'a focus-follows-mouse implementation', 'Who moves the focus to the window under the mouse.', IMPLEMENTATION, {
    Komorebi: 'Tiler',
    Windows: 'Os',
  }),
  stateQuery: enumeration('StateQuery', 'a state query', 'One fact about the window manager\'s state.', {
    FocusedMonitorIndex: 'The focused monitor\'s number.',
    FocusedWorkspaceIndex: 'The focused workspace\'s number.',
    FocusedContainerIndex: 'The focused container\'s number.',
    FocusedWindowIndex: 'The focused window\'s number in its container.',
    FocusedWorkspaceName: 'The focused workspace\'s name.',
    FocusedWorkspaceLayout: 'The focused workspace\'s layout.',
    FocusedContainerKind: 'Whether the focused container is a single window, a stack or other.',
    Version: 'The window manager\'s version.',
  }),
  windowKind: enumeration('WindowKind', 'a window kind', 'A kind of window, for its border colour.', {
    Single: 'A focused window alone in its container.',
    Stack: 'A focused stack.',
    Monocle: 'A container shown over the whole workspace.',
    Unfocused: 'An unfocused window.',
    UnfocusedLocked: 'An unfocused, locked window.',
    Floating: 'A floating window.',
  }),
  applicationIdentifier: enumeration(
    'ApplicationIdentifier',
    'an application identifier',
    'What a window rule matches on.',
    { Exe: 'The executable\'s name.', Class: 'The window\'s class.', Title: 'The window\'s title.', Path: 'The executable\'s full path.' },
    { exe: 'Exe', class: 'Class', title: 'Title', path: 'Path' },
  ),
  animationPrefix: enumeration('AnimationPrefix', 'an animation prefix', 'Which animation a setting is for.', {
    movement: 'Windows moving and resizing.',
    transparency: 'Windows fading.',
  }),
  animationStyle: once(() =>
    doc(
      z.union([
        doc(names('an animation style', ANIMATION_STYLES), {
          values: Object.fromEntries(ANIMATION_STYLES.map((s) => [s, s === 'Linear' ? 'At a constant speed.' : easingWords(s)])),
        }),
        z.strictObject({ CubicBezier: doc(z.tuple([float(), float(), float(), float()]), 'A cubic Bézier easing curve: [x1, y1, x2, y2].') }),
      ]),
      { id: 'AnimationStyle', description: 'How an animation speeds up and slows down: a named easing, or {"CubicBezier": [x1, y1, x2, y2]}.' },
    )),
  subscribeOptions: once(() =>
    doc(z.strictObject({ filter_state_changes: doc(z.boolean(), 'Send an event only when the state has changed.') }), {
      id: 'SubscribeOptions',
      description: 'Options of an event subscription.',
    })),
};

/** `EaseInOutCubic` → words. */
function easingWords(style: string): string {
  const [, how = '', curve = ''] = /^Ease(InOut|In|Out)(\w+)$/.exec(style) ?? [];
  const start = { In: 'Starts slowly', Out: 'Ends slowly', InOut: 'Starts and ends slowly' }[how] ?? 'Eases';
  return `${start}, along a ${curve.toLowerCase()} curve.`;
}

const EASINGS = ['Sine', 'Quad', 'Cubic', 'Quart', 'Quint', 'Expo', 'Circ', 'Back', 'Elastic', 'Bounce'];
const ANIMATION_STYLES = [
  'Linear',
  ...EASINGS.flatMap((e) => [`EaseIn${e}`, `EaseOut${e}`, `EaseInOut${e}`]),
] as [string, ...string[]];

/** Message type → payload schema factory (`null`: the message carries no `content`). */
/**
 * Every message type → its `content` schema (null: none). Each schema is built when first asked for: a config
 * names two or three message types of 184, and building them all was ~60% of the zod schemas `check` built.
 */
export const SOCKET_MESSAGES = {
  FocusWindow: () => E.operationDirection(),
  MoveWindow: () => E.operationDirection(),
  PreselectDirection: () => E.operationDirection(),
  CancelPreselect: null,
  CycleFocusWindow: () => E.cycleDirection(),
  CycleMoveWindow: () => E.cycleDirection(),
  StackWindow: () => E.operationDirection(),
  UnstackWindow: null,
  CycleStack: () => E.cycleDirection(),
  CycleStackIndex: () => E.cycleDirection(),
  FocusStackWindow: () => uint(),
  StackAll: null,
  UnstackAll: null,
  ResizeWindowEdge: () => z.tuple([E.operationDirection(), E.sizing()]),
  ResizeWindowAxis: () => z.tuple([E.axis(), E.sizing()]),
  MoveContainerToLastWorkspace: null,
  SendContainerToLastWorkspace: null,
  MoveContainerToMonitorNumber: () => uint(),
  CycleMoveContainerToMonitor: () => E.cycleDirection(),
  MoveContainerToWorkspaceNumber: () => uint(),
  MoveContainerToNamedWorkspace: () => z.string(),
  CycleMoveContainerToWorkspace: () => E.cycleDirection(),
  SendContainerToMonitorNumber: () => uint(),
  CycleSendContainerToMonitor: () => E.cycleDirection(),
  SendContainerToWorkspaceNumber: () => uint(),
  CycleSendContainerToWorkspace: () => E.cycleDirection(),
  SendContainerToMonitorWorkspaceNumber: () => z.tuple([uint(), uint()]),
  MoveContainerToMonitorWorkspaceNumber: () => z.tuple([uint(), uint()]),
  SendContainerToNamedWorkspace: () => z.string(),
  CycleMoveWorkspaceToMonitor: () => E.cycleDirection(),
  MoveWorkspaceToMonitorNumber: () => uint(),
  SwapWorkspacesToMonitorNumber: () => uint(),
  ForceFocus: null,
  Close: null,
  Minimize: null,
  Promote: null,
  PromoteSwap: null,
  PromoteFocus: null,
  PromoteWindow: () => E.operationDirection(),
  EagerFocus: () => z.string(),
  LockMonitorWorkspaceContainer: () => z.tuple([uint(), uint(), uint()]),
  UnlockMonitorWorkspaceContainer: () => z.tuple([uint(), uint(), uint()]),
  ToggleLock: null,
  ToggleFloat: null,
  ToggleMonocle: null,
  ToggleMaximize: null,
  ToggleWindowContainerBehaviour: null,
  ToggleFloatOverride: null,
  WindowHidingBehaviour: () => E.hidingBehaviour(),
  ToggleCrossMonitorMoveBehaviour: null,
  CrossMonitorMoveBehaviour: () => E.moveBehaviour(),
  UnmanagedWindowOperationBehaviour: () => E.operationBehaviour(),
  ManageFocusedWindow: null,
  UnmanageFocusedWindow: null,
  AdjustContainerPadding: () => z.tuple([E.sizing(), i32()]),
  AdjustWorkspacePadding: () => z.tuple([E.sizing(), i32()]),
  ChangeLayout: () => defaultLayout(),
  CycleLayout: () => E.cycleDirection(),
  LayoutRatios: () => z.tuple([z.array(float()).nullable(), z.array(float()).nullable()]),
  ScrollingLayoutColumns: () => uint1(),
  ChangeLayoutCustom: () => pathBuf(),
  FlipLayout: () => E.axis(),
  ToggleWorkspaceWindowContainerBehaviour: null,
  ToggleWorkspaceFloatOverride: null,
  MonitorIndexPreference: () => z.tuple([uint(), i32(), i32(), i32(), i32()]),
  DisplayIndexPreference: () => z.tuple([uint(), z.string()]),
  EnsureWorkspaces: () => z.tuple([uint(), uint()]),
  EnsureNamedWorkspaces: () => z.tuple([uint(), z.array(z.string())]),
  NewWorkspace: null,
  ToggleTiling: null,
  Stop: null,
  StopIgnoreRestore: null,
  TogglePause: null,
  Retile: null,
  RetileWithResizeDimensions: null,
  QuickSave: null,
  QuickLoad: null,
  Save: () => pathBuf(),
  Load: () => pathBuf(),
  CycleFocusMonitor: () => E.cycleDirection(),
  CycleFocusWorkspace: () => E.cycleDirection(),
  CycleFocusEmptyWorkspace: () => E.cycleDirection(),
  FocusMonitorNumber: () => uint(),
  FocusMonitorAtCursor: null,
  FocusLastWorkspace: null,
  CloseWorkspace: null,
  FocusWorkspaceNumber: () => uint(),
  FocusWorkspaceNumbers: () => uint(),
  FocusMonitorWorkspaceNumber: () => z.tuple([uint(), uint()]),
  FocusNamedWorkspace: () => z.string(),
  ContainerPadding: () => z.tuple([uint(), uint(), i32()]),
  NamedWorkspaceContainerPadding: () => z.tuple([z.string(), i32()]),
  FocusedWorkspaceContainerPadding: () => i32(),
  WorkspacePadding: () => z.tuple([uint(), uint(), i32()]),
  NamedWorkspacePadding: () => z.tuple([z.string(), i32()]),
  FocusedWorkspacePadding: () => i32(),
  WorkspaceTiling: () => z.tuple([uint(), uint(), z.boolean()]),
  NamedWorkspaceTiling: () => z.tuple([z.string(), z.boolean()]),
  WorkspaceName: () => z.tuple([uint(), uint(), z.string()]),
  WorkspaceLayout: () => z.tuple([uint(), uint(), defaultLayout()]),
  NamedWorkspaceLayout: () => z.tuple([z.string(), defaultLayout()]),
  WorkspaceLayoutCustom: () => z.tuple([uint(), uint(), pathBuf()]),
  NamedWorkspaceLayoutCustom: () => z.tuple([z.string(), pathBuf()]),
  WorkspaceLayoutRule: () => z.tuple([uint(), uint(), uint(), defaultLayout()]),
  NamedWorkspaceLayoutRule: () => z.tuple([z.string(), uint(), defaultLayout()]),
  WorkspaceLayoutCustomRule: () => z.tuple([uint(), uint(), uint(), pathBuf()]),
  NamedWorkspaceLayoutCustomRule: () => z.tuple([z.string(), uint(), pathBuf()]),
  ClearWorkspaceLayoutRules: () => z.tuple([uint(), uint()]),
  ClearNamedWorkspaceLayoutRules: () => z.string(),
  ToggleWorkspaceLayer: null,
  ReloadConfiguration: null,
  ReplaceConfiguration: () => pathBuf(),
  ReloadStaticConfiguration: () => pathBuf(),
  WatchConfiguration: () => z.boolean(),
  CompleteConfiguration: null,
  AltFocusHack: () => z.boolean(),
  Theme: () => tilerTheme(),
  Animation: () => z.tuple([z.boolean(), E.animationPrefix().nullable()]),
  AnimationDuration: () => z.tuple([u64(), E.animationPrefix().nullable()]),
  AnimationFps: () => u64(),
  AnimationStyle: () => z.tuple([E.animationStyle(), E.animationPrefix().nullable()]),
  Border: () => z.boolean(),
  BorderColour: () => z.tuple([E.windowKind(), u32(), u32(), u32()]),
  BorderStyle: () => E.borderStyle(),
  BorderWidth: () => i32(),
  BorderOffset: () => i32(),
  BorderImplementation: () => E.borderImplementation(),
  Transparency: () => z.boolean(),
  ToggleTransparency: null,
  TransparencyAlpha: () => u8(),
  InvisibleBorders: () => rect(),
  StackbarMode: () => E.stackbarMode(),
  StackbarLabel: () => E.stackbarLabel(),
  StackbarFocusedTextColour: () => z.tuple([u32(), u32(), u32()]),
  StackbarUnfocusedTextColour: () => z.tuple([u32(), u32(), u32()]),
  StackbarBackgroundColour: () => z.tuple([u32(), u32(), u32()]),
  StackbarHeight: () => i32(),
  StackbarTabWidth: () => i32(),
  StackbarFontSize: () => i32(),
  StackbarFontFamily: () => z.string().nullable(),
  WorkAreaOffset: () => rect(),
  MonitorWorkAreaOffset: () => z.tuple([uint(), rect()]),
  WorkspaceWorkAreaOffset: () => z.tuple([uint(), uint(), rect()]),
  ToggleWindowBasedWorkAreaOffset: null,
  ResizeDelta: () => i32(),
  InitialWorkspaceRule: () => z.tuple([E.applicationIdentifier(), z.string(), uint(), uint()]),
  InitialNamedWorkspaceRule: () => z.tuple([E.applicationIdentifier(), z.string(), z.string()]),
  WorkspaceRule: () => z.tuple([E.applicationIdentifier(), z.string(), uint(), uint()]),
  NamedWorkspaceRule: () => z.tuple([E.applicationIdentifier(), z.string(), z.string()]),
  ClearWorkspaceRules: () => z.tuple([uint(), uint()]),
  ClearNamedWorkspaceRules: () => z.string(),
  ClearAllWorkspaceRules: null,
  EnforceWorkspaceRules: null,
  SessionFloatRule: null,
  SessionFloatRules: null,
  ClearSessionFloatRules: null,
  IgnoreRule: () => z.tuple([E.applicationIdentifier(), z.string()]),
  ManageRule: () => z.tuple([E.applicationIdentifier(), z.string()]),
  IdentifyObjectNameChangeApplication: () => z.tuple([E.applicationIdentifier(), z.string()]),
  IdentifyTrayApplication: () => z.tuple([E.applicationIdentifier(), z.string()]),
  IdentifyLayeredApplication: () => z.tuple([E.applicationIdentifier(), z.string()]),
  IdentifyBorderOverflowApplication: () => z.tuple([E.applicationIdentifier(), z.string()]),
  State: null,
  GlobalState: null,
  VisibleWindows: null,
  MonitorInformation: null,
  Query: () => E.stateQuery(),
  FocusFollowsMouse: () => z.tuple([E.ffmImplementation(), z.boolean()]),
  ToggleFocusFollowsMouse: () => E.ffmImplementation(),
  MouseFollowsFocus: () => z.boolean(),
  ToggleMouseFollowsFocus: null,
  RemoveTitleBar: () => z.tuple([E.applicationIdentifier(), z.string()]),
  ToggleTitleBars: null,
  AddSubscriberSocket: () => z.string(),
  AddSubscriberSocketWithOptions: () => z.tuple([z.string(), E.subscribeOptions()]),
  RemoveSubscriberSocket: () => z.string(),
  AddSubscriberPipe: () => z.string(),
  RemoveSubscriberPipe: () => z.string(),
  ApplicationSpecificConfigurationSchema: null,
  NotificationSchema: null,
  SocketSchema: null,
  StaticConfigSchema: null,
  GenerateStaticConfig: null,
  DebugWindow: () => z.int(),} as const satisfies Record<string, (() => z.ZodType) | null>;

export type SocketMessageType = keyof typeof SOCKET_MESSAGES;

/** Old type names the window manager still accepts. */
export const SOCKET_MESSAGE_LEGACY: Readonly<Record<string, SocketMessageType>> = {
  ActiveWindowBorder: 'Border',
  ActiveWindowBorderColour: 'BorderColour',
  ActiveWindowBorderStyle: 'BorderStyle',
  FloatRule: 'IgnoreRule',
};

export interface SocketMessage {
  type: SocketMessageType;
  content?: unknown;
}

const legacyOf = (type: string) => Object.keys(SOCKET_MESSAGE_LEGACY).filter((k) => SOCKET_MESSAGE_LEGACY[k] === type);

const ALL_TAGS: readonly string[] = [...Object.keys(SOCKET_MESSAGES), ...Object.keys(SOCKET_MESSAGE_LEGACY)];

/** One message type's schema: its tag (with the old names that mean it) and its content. */
const optionSchemas = new Map<SocketMessageType, z.ZodObject>();
function optionFor(type: SocketMessageType): z.ZodObject {
  let option = optionSchemas.get(type);
  if (!option) {
    const tag = z.literal([type, ...legacyOf(type)]);
    const payload = SOCKET_MESSAGES[type];
    option = payload === null ? z.strictObject({ type: tag }) : z.strictObject({ type: tag, content: payload() });
    optionSchemas.set(type, option);
  }
  return option;
}

/** The message type a tag names (a current or an old name), if any. */
export function messageTypeOf(tag: string): SocketMessageType | undefined {
  if (Object.hasOwn(SOCKET_MESSAGES, tag)) return tag as SocketMessageType;
  return Object.hasOwn(SOCKET_MESSAGE_LEGACY, tag) ? SOCKET_MESSAGE_LEGACY[tag] : undefined;
}

const toMessage = (m: unknown): SocketMessage => {
  const raw = m as { type: string; content?: unknown };
  const type = (SOCKET_MESSAGE_LEGACY[raw.type] ?? raw.type) as SocketMessageType;
  return 'content' in raw ? { type, content: raw.content } : { type };
};

/**
 * Every message type as one discriminated union: for `tilebar schema`, which lists them all. Validation uses
 * socketMessage(), which builds only the types a document names.
 */
export const socketMessageUnion = once(() => {
  const options = (Object.keys(SOCKET_MESSAGES) as SocketMessageType[]).map(optionFor);
  const union = z.discriminatedUnion('type', options as unknown as [z.ZodObject, ...z.ZodObject[]]);
  walkMeta.add(union, { tagLegacy: SOCKET_MESSAGE_LEGACY });
  // What each type means is attached by the JSON Schema export (json-schema.ts): the words are for it alone.
  return union.transform(toMessage);
});

/**
 * A message as validation reads it: the tag chooses the type, and only that type's schema is built and
 * applied (the walker does the same, with located problems: validate.ts, `lazyTagged`). Accepts and yields
 * exactly what socketMessageUnion() does (test/config/mouse.test.ts holds them to it).
 */
export const socketMessage = once(() => {
  const schema = z.unknown().transform((value, ctx): SocketMessage => {
    const tag = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { type?: unknown }).type : undefined;
    const type = typeof tag === 'string' ? messageTypeOf(tag) : undefined;
    if (type === undefined) {
      ctx.addIssue({ code: 'custom', message: `expected a message object with a known "type"`, path: typeof tag === 'string' ? ['type'] : [] });
      return z.NEVER;
    }
    const parsed = optionFor(type).safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as PropertyKey[] });
      return z.NEVER;
    }
    return toMessage(parsed.data);
  });
  walkMeta.add(schema, { lazyTagged: { tag: 'type', tags: ALL_TAGS, optionFor: (t) => { const type = messageTypeOf(t); return type === undefined ? undefined : optionFor(type); }, legacy: SOCKET_MESSAGE_LEGACY } });
  return schema;
});
