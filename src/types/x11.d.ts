/** The `x11` package ships no types; src/keyboard/x11-xkb.ts describes the part it uses. */
declare module 'x11' {
  const x11: unknown;
  export default x11;
}
