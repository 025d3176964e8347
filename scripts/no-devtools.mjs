// Stands in for react-devtools-core and ws in the bundle: Ink imports them only when DEV=true, which tilebar
// never sets.
export default { initialize() {}, connectToDevTools() {} };
