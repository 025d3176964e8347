/**
 * SocketMessage (variant A): the window manager's message vocabulary, `{"type": ..., "content": ...}`.
 * 184 message types at the spec's version; the payload shapes follow reference FORMAT-KEYS §6.
 */
import * as z from 'zod';
import { float, i32, names, once, u32, u64, u8, uint, uint1, walkMeta } from '../schema-kit.js';
import { defaultLayout, pathBuf, rect } from './common.js';
import { tilerTheme } from './theme.js';

/** Enumerations used by message payloads. `Tiler`/`Os` are also spelled `Komorebi`/`Windows`. */
export const E = {
  operationDirection: once(() => names('a direction', ['Left', 'Right', 'Up', 'Down'])),
  cycleDirection: once(() => names('a cycle direction', ['Previous', 'Next'])),
  sizing: once(() => names('a sizing', ['Increase', 'Decrease'])),
  axis: once(() => names('an axis', ['Horizontal', 'Vertical', 'HorizontalAndVertical'])),
  hidingBehaviour: once(() => names('a hiding behaviour', ['Hide', 'Minimize', 'Cloak'])),
  moveBehaviour: once(() => names('a move behaviour', ['Swap', 'Insert', 'NoOp'])),
  operationBehaviour: once(() => names('an operation behaviour', ['Op', 'NoOp'])),
  stackbarMode: once(() => names('a stackbar mode', ['Always', 'Never', 'OnStack'])),
  stackbarLabel: once(() => names('a stackbar label', ['Process', 'Title'])),
  borderStyle: once(() => names('a border style', ['System', 'Rounded', 'Square'])),
  borderImplementation: once(() =>
    names('a border implementation', ['Tiler', 'Os'], { aliases: { Komorebi: 'Tiler', Windows: 'Os' } })),
  ffmImplementation: once(() =>
    names('a focus-follows-mouse implementation', ['Tiler', 'Os'], { aliases: { Komorebi: 'Tiler', Windows: 'Os' } })),
  stateQuery: once(() =>
    names('a state query', [
      'FocusedMonitorIndex',
      'FocusedWorkspaceIndex',
      'FocusedContainerIndex',
      'FocusedWindowIndex',
      'FocusedWorkspaceName',
      'FocusedWorkspaceLayout',
      'FocusedContainerKind',
      'Version',
    ])),
  windowKind: once(() => names('a window kind', ['Single', 'Stack', 'Monocle', 'Unfocused', 'UnfocusedLocked', 'Floating'])),
  applicationIdentifier: once(() =>
    names('an application identifier', ['Exe', 'Class', 'Title', 'Path'], {
      aliases: { exe: 'Exe', class: 'Class', title: 'Title', path: 'Path' },
    })),
  animationPrefix: once(() => names('an animation prefix', ['movement', 'transparency'])),
  animationStyle: once(() =>
    z.union([
      names('an animation style', ANIMATION_STYLES),
      z.strictObject({ CubicBezier: z.tuple([float(), float(), float(), float()]) }),
    ])),
  subscribeOptions: once(() => z.strictObject({ filter_state_changes: z.boolean() })),
};

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
