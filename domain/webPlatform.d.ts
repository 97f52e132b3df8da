// The few web-platform globals that domain/ uses and that both browsers and Node 20 provide,
// declared by hand because domain/tsconfig.json has neither the DOM library nor @types/node.
// Only this tsconfig reads the file: the main one has the full declarations (and excludes it).

declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
}

declare class TextEncoder {
  encode(input?: string): Uint8Array;
}

declare class TextDecoder {
  constructor(label?: string);
  decode(input?: Uint8Array): string;
}
