// A template that does not parse, or fails while rendering; where in the template (1-based).

export type TemplateErrorKind = 'syntax' | 'render';

export const TEMPLATE_ERROR_CODES: Record<TemplateErrorKind, string> = {
  syntax: 'forwarders.errors.template_syntax',
  render: 'forwarders.errors.template_render',
};

export class TemplateError extends Error {
  constructor(
    readonly kind: TemplateErrorKind,
    readonly detail: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`line ${line}, column ${column}: ${detail}`);
    this.name = 'TemplateError';
  }

  get code(): string {
    return TEMPLATE_ERROR_CODES[this.kind];
  }
}
