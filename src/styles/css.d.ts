// CSS files are bundled by webpack (css-loader + MiniCssExtractPlugin) and imported for effect.
declare module '*.css';
