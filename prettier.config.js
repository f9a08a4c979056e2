// Prettier: the layout of every source file, so nobody formats by hand or argues about it in review. The settings
// follow the code as it was written before Prettier came in (single quotes, semicolons, trailing commas, long lines:
// 180 columns is about the 99th percentile of its line lengths), so that adopting it changes as little as possible.
// `npm run format` rewrites the tree, `npm run format:check` fails on a file that is not formatted.
/** @type {import('prettier').Config} */
export default {
  printWidth: 180,
  singleQuote: true,
  semi: true,
  trailingComma: 'all',
  // CSS, HTML and YAML keep their double quotes.
  overrides: [{ files: ['*.css', '*.html', '*.yaml', '*.yml'], options: { singleQuote: false } }],
};
