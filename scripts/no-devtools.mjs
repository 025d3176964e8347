// Stands in for react-devtools-core in the bundle: Ink imports it only when DEV=true, which tilebar never sets.
export default { initialize() {}, connectToDevTools() {} };
