import { TemplateError } from './errors';
import { lex, type Position, type Token } from './lex';

// The parser: the token stream into a tree of text, actions and if/range/with blocks, as Go's
// text/template/parse does for the subset we take. Unknown functions are refused here, as in Go.

export type Operand =
  | { type: 'dot'; position: Position }
  | { type: 'field'; chain: string[]; position: Position }
  | { type: 'variable'; name: string; chain: string[]; position: Position }
  | { type: 'identifier'; name: string; position: Position }
  | { type: 'literal'; value: string | number | boolean | null; position: Position }
  | { type: 'pipeline'; pipeline: Pipeline; chain: string[]; position: Position };

export interface Command {
  operands: Operand[];
  position: Position;
}

export interface Pipeline {
  /** Variables declared (`:=`) or assigned (`=`) by the pipeline. */
  variables: string[];
  assign: boolean;
  commands: Command[];
  position: Position;
}

export interface BlockNode {
  type: 'if' | 'with' | 'range';
  pipeline: Pipeline;
  list: TemplateNode[];
  elseList: TemplateNode[] | null;
  position: Position;
}

export type TemplateNode =
  | { type: 'text'; text: string }
  | { type: 'action'; pipeline: Pipeline; position: Position }
  | BlockNode
  | { type: 'break' | 'continue'; position: Position };

type Stop = 'end' | 'else' | 'eof';

export function parseTemplate(source: string, functions: ReadonlySet<string>): TemplateNode[] {
  return new Parser(lex(source), functions).parseRoot();
}

/** Deeper nesting of blocks and parentheses is refused rather than risking the stack. */
const MAX_DEPTH = 100;

class Parser {
  private index = 0;
  private rangeDepth = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly functions: ReadonlySet<string>,
  ) {}

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)];
  }

  private next(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index++;
    return token;
  }

  private fail(message: string, token: Token | Position): never {
    const position = 'position' in token ? token.position : token;
    throw new TemplateError('syntax', message, position.line, position.column);
  }

  private expect(kind: Token['kind'], context: string): Token {
    const token = this.next();
    if (token.kind !== kind) this.fail(`unexpected ${describe(token)} in ${context}`, token);
    return token;
  }

  parseRoot(): TemplateNode[] {
    const { list, stop, token } = this.parseList();
    if (stop !== 'eof') this.fail(`unexpected {{${stop}}}`, token);
    return list;
  }

  private parseList(): { list: TemplateNode[]; stop: Stop; token: Token } {
    const list: TemplateNode[] = [];
    for (;;) {
      const token = this.next();
      if (token.kind === 'eof') return { list, stop: 'eof', token };
      if (token.kind === 'text') {
        list.push({ type: 'text', text: token.text });
        continue;
      }
      // token is `{{`
      const first = this.peek();
      if (first.kind === 'keyword') {
        switch (first.text) {
          case 'end':
            this.next();
            this.expect('close', 'end');
            return { list, stop: 'end', token: first };
          case 'else':
            this.next();
            return { list, stop: 'else', token: first };
          case 'if':
          case 'with':
          case 'range':
            this.next();
            list.push(this.parseControl(first.text, first));
            continue;
          case 'break':
          case 'continue':
            this.next();
            if (this.rangeDepth === 0) this.fail(`{{${first.text}}} outside {{range}}`, first);
            this.expect('close', first.text);
            list.push({ type: first.text, position: first.position });
            continue;
          default:
            this.fail(`{{${first.text}}} is not supported`, first);
        }
      }
      const pipeline = this.parsePipeline('command', true);
      this.expect('close', 'command');
      list.push({ type: 'action', pipeline, position: first.position });
    }
  }

  private enter(token: Token) {
    if (++this.depth > MAX_DEPTH) this.fail(`nested more than ${MAX_DEPTH} deep`, token);
  }

  private parseControl(kind: 'if' | 'with' | 'range', keyword: Token): TemplateNode {
    this.enter(keyword);
    const node = this.parseControlBody(kind, keyword);
    this.depth--;
    return node;
  }

  private parseControlBody(kind: 'if' | 'with' | 'range', keyword: Token): TemplateNode {
    const pipeline = this.parsePipeline(kind, true);
    this.expect('close', kind);
    if (kind === 'range') this.rangeDepth++;
    const body = this.parseList();
    if (kind === 'range') this.rangeDepth--;
    if (body.stop === 'eof') this.fail(`unexpected EOF: {{${kind}}} has no {{end}}`, keyword);
    let elseList: TemplateNode[] | null = null;
    if (body.stop === 'else') {
      const chained = this.peek();
      // {{else if …}} and {{else with …}}: the rest is one block inside the else, sharing its {{end}}.
      if (chained.kind === 'keyword' && (chained.text === 'if' || chained.text === 'with') && kind !== 'range') {
        this.next();
        elseList = [this.parseControl(chained.text, chained)];
      } else {
        this.expect('close', 'else');
        const rest = this.parseList();
        if (rest.stop === 'else') this.fail(`expected {{end}}; found {{else}}`, rest.token);
        if (rest.stop === 'eof') this.fail(`unexpected EOF: {{${kind}}} has no {{end}}`, keyword);
        elseList = rest.list;
      }
    }
    return { type: kind, pipeline, list: body.list, elseList, position: keyword.position };
  }

  private parsePipeline(context: string, allowVariables: boolean): Pipeline {
    const start = this.peek();
    const variables: string[] = [];
    let assign = false;
    if (allowVariables && start.kind === 'variable' && !start.text.includes('.')) {
      const second = this.peek(1);
      const third = this.peek(2);
      const fourth = this.peek(3);
      if (second.kind === 'declare' || second.kind === 'assign') {
        variables.push(start.text);
        assign = second.kind === 'assign';
        this.index += 2;
      } else if (second.kind === 'comma' && third.kind === 'variable' && (fourth.kind === 'declare' || fourth.kind === 'assign') && context === 'range') {
        variables.push(start.text, third.text);
        assign = fourth.kind === 'assign';
        this.index += 4;
      }
    }
    const commands: Command[] = [];
    for (;;) {
      commands.push(this.parseCommand(context));
      if (this.peek().kind !== 'pipe') break;
      this.next();
    }
    return { variables, assign, commands, position: start.position };
  }

  private parseCommand(context: string): Command {
    const start = this.peek();
    const operands: Operand[] = [];
    for (;;) {
      const token = this.peek();
      if (token.kind === 'close' || token.kind === 'pipe' || token.kind === 'rparen' || token.kind === 'eof') break;
      if (operands.length > 0 && token.glued && token.kind !== 'field') this.fail(`missing space before ${describe(token)}`, token);
      operands.push(this.parseOperand());
    }
    if (operands.length === 0) this.fail(`missing value for ${context}`, start);
    return { operands, position: start.position };
  }

  private parseOperand(): Operand {
    const token = this.next();
    const position = token.position;
    let operand: Operand;
    switch (token.kind) {
      case 'dot':
        operand = { type: 'dot', position };
        break;
      case 'field':
        operand = { type: 'field', chain: token.text.slice(1).split('.'), position };
        break;
      case 'variable': {
        const [name, ...chain] = token.text.split('.');
        operand = { type: 'variable', name, chain, position };
        break;
      }
      case 'identifier':
        if (!this.functions.has(token.text)) this.fail(`function "${token.text}" not defined`, token);
        operand = { type: 'identifier', name: token.text, position };
        break;
      case 'string':
        operand = { type: 'literal', value: token.text, position };
        break;
      case 'number':
        operand = { type: 'literal', value: Number(token.text), position };
        break;
      case 'bool':
        operand = { type: 'literal', value: token.text === 'true', position };
        break;
      case 'nil':
        operand = { type: 'literal', value: null, position };
        break;
      case 'lparen': {
        this.enter(token);
        const pipeline = this.parsePipeline('parenthesized pipeline', false);
        this.expect('rparen', 'parenthesized pipeline');
        this.depth--;
        operand = { type: 'pipeline', pipeline, chain: [], position };
        break;
      }
      default:
        return this.fail(`unexpected ${describe(token)} in operand`, token);
    }
    // (…).Field, $x … .Field written right after the operand.
    while (this.peek().kind === 'field' && this.peek().glued) {
      const chain = this.next().text.slice(1).split('.');
      if (operand.type === 'pipeline' || operand.type === 'variable' || operand.type === 'field') operand.chain.push(...chain);
      else if (operand.type === 'dot') operand = { type: 'field', chain, position };
      else this.fail('unexpected field after a value', this.peek());
    }
    return operand;
  }
}

function describe(token: Token): string {
  switch (token.kind) {
    case 'close':
      return '"}}"';
    case 'eof':
      return 'EOF';
    case 'string':
      return `quoted string`;
    default:
      return `"${token.text}"`;
  }
}
