// Stands in for imported .css files (jest.config.ts moduleNameMapper): styles do not matter to
// behaviour tests, and Jest cannot parse CSS.
export {};
