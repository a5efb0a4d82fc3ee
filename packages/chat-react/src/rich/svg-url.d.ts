/** Vite's `?url` import of an image file: its URL in the built app (a data: URL when small). */
declare module '*.svg?url' {
  const url: string;
  export default url;
}
