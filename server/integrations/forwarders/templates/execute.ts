import { TemplateError } from './errors';
import { FunctionError, FUNCTION_NAMES, TEMPLATE_FUNCTIONS, type TemplateLookups } from './functions';
import type { Position } from './lex';
import { parseTemplate, type BlockNode, type Command, type Operand, type Pipeline, type TemplateNode } from './parse';
import { isRecord, isTemplateMap, isTrue, printValue, typeName, type TemplateValue } from './values';

// Compiles a template once and renders it against data (a point's or an event's fields). Pure: no
// eval, no access to anything but the data and the lookups. Errors say the line and column.

export interface CompiledTemplate {
  render(data: TemplateValue, lookups: TemplateLookups): Promise<string>;
}

/** The most output one render may make, and the most steps (range over huge maps, deep nesting). */
const MAX_OUTPUT = 1_000_000;
const MAX_STEPS = 100_000;

export function compileTemplate(source: string): CompiledTemplate {
  const tree = parseTemplate(source, FUNCTION_NAMES);
  return { render: (data, lookups) => new Execution(data, lookups).run(tree) };
}

const NONE = Symbol('none');
type Piped = TemplateValue | typeof NONE;

class Break {}
class Continue {}

class Execution {
  private output = '';
  private steps = 0;
  private variables: { name: string; value: TemplateValue }[];

  constructor(
    data: TemplateValue,
    private readonly lookups: TemplateLookups,
  ) {
    this.variables = [{ name: '$', value: data }];
  }

  async run(tree: TemplateNode[]): Promise<string> {
    await this.walkList(tree, this.variables[0].value);
    return this.output;
  }

  private fail(message: string, position: Position): never {
    throw new TemplateError('render', message, position.line, position.column);
  }

  private step(position: Position) {
    if (++this.steps > MAX_STEPS) this.fail('the template takes too many steps', position);
  }

  private write(text: string, position: Position) {
    this.output += text;
    if (this.output.length > MAX_OUTPUT) this.fail('the output is too long', position);
  }

  private async walkList(list: TemplateNode[], dot: TemplateValue): Promise<void> {
    for (const node of list) await this.walk(node, dot);
  }

  private async walk(node: TemplateNode, dot: TemplateValue): Promise<void> {
    switch (node.type) {
      case 'text':
        this.write(node.text, { line: 0, column: 0 });
        return;
      case 'action': {
        this.step(node.position);
        const value = await this.evalPipeline(node.pipeline, dot);
        if (node.pipeline.variables.length === 0) this.write(printValue(value), node.position);
        return;
      }
      case 'break':
        throw new Break();
      case 'continue':
        throw new Continue();
      case 'if':
      case 'with': {
        this.step(node.position);
        const mark = this.variables.length;
        const value = await this.evalPipeline(node.pipeline, dot);
        if (isTrue(value)) await this.walkList(node.list, node.type === 'with' ? value : dot);
        else if (node.elseList) await this.walkList(node.elseList, dot);
        this.variables.length = mark;
        return;
      }
      case 'range':
        return this.walkRange(node, dot);
    }
  }

  private async walkRange(node: BlockNode, dot: TemplateValue): Promise<void> {
    const mark = this.variables.length;
    const { variables } = node.pipeline;
    const value = await this.evalPipeline({ ...node.pipeline, variables: [] }, dot);
    let entries: [TemplateValue, TemplateValue][];
    if (Array.isArray(value)) entries = value.map((item, i) => [i, item]);
    else if (isRecord(value) && isTemplateMap(value)) entries = Object.keys(value).sort().map((key) => [key, value[key]]);
    else if (typeof value === 'number' && Number.isInteger(value) && value >= 0) entries = Array.from({ length: value }, (_, i) => [i, i]);
    else if (value === null || value === undefined) entries = [];
    else return this.fail(`range can't iterate over ${printValue(value)}`, node.position);
    if (entries.length === 0) {
      if (node.elseList) await this.walkList(node.elseList, dot);
      return;
    }
    for (const [key, item] of entries) {
      this.step(node.position);
      this.variables.length = mark;
      if (variables.length === 1) this.variables.push({ name: variables[0], value: item });
      if (variables.length === 2) this.variables.push({ name: variables[0], value: key }, { name: variables[1], value: item });
      try {
        await this.walkList(node.list, item);
      } catch (signal) {
        if (signal instanceof Break) break;
        if (!(signal instanceof Continue)) throw signal;
      }
    }
    this.variables.length = mark;
  }

  private async evalPipeline(pipeline: Pipeline, dot: TemplateValue): Promise<TemplateValue> {
    let value: Piped = NONE;
    for (const command of pipeline.commands) value = await this.evalCommand(command, dot, value);
    const result = value === NONE ? undefined : value;
    for (const name of pipeline.variables) {
      if (pipeline.assign) {
        const existing = this.findVariable(name, pipeline.position);
        existing.value = result;
      } else this.variables.push({ name, value: result });
    }
    return result;
  }

  private findVariable(name: string, position: Position) {
    for (let i = this.variables.length - 1; i >= 0; i--) if (this.variables[i].name === name) return this.variables[i];
    return this.fail(`undefined variable: ${name}`, position);
  }

  private async evalCommand(command: Command, dot: TemplateValue, piped: Piped): Promise<TemplateValue> {
    const [first, ...rest] = command.operands;
    if (first.type === 'identifier') {
      const args: TemplateValue[] = [];
      for (const operand of rest) args.push(await this.evalOperand(operand, dot));
      if (piped !== NONE) args.push(piped);
      return this.call(first.name, args, first.position);
    }
    if (rest.length > 0 || piped !== NONE) {
      const what = first.type === 'field' ? `.${first.chain.join('.')}` : first.type === 'literal' ? printValue(first.value) : first.type;
      this.fail(`can't give argument to non-function ${what}`, first.position);
    }
    return this.evalOperand(first, dot);
  }

  private async call(name: string, args: TemplateValue[], position: Position): Promise<TemplateValue> {
    try {
      return await TEMPLATE_FUNCTIONS[name](args, this.lookups);
    } catch (error) {
      if (error instanceof FunctionError) this.fail(`error calling ${name}: ${error.message}`, position);
      throw error;
    }
  }

  private async evalOperand(operand: Operand, dot: TemplateValue): Promise<TemplateValue> {
    switch (operand.type) {
      case 'dot':
        return dot;
      case 'literal':
        return operand.value;
      case 'identifier':
        return this.call(operand.name, [], operand.position);
      case 'field':
        return this.fields(dot, operand.chain, operand.position);
      case 'variable':
        return this.fields(this.findVariable(operand.name, operand.position).value, operand.chain, operand.position);
      case 'pipeline':
        return this.fields(await this.evalPipeline(operand.pipeline, dot), operand.chain, operand.position);
    }
  }

  private fields(value: TemplateValue, chain: readonly string[], position: Position): TemplateValue {
    let current = value;
    for (const name of chain) {
      if (current === null || current === undefined) this.fail(`nil pointer evaluating .${name}`, position);
      if (!isRecord(current)) this.fail(`can't evaluate field ${name} in type ${typeName(current)}`, position);
      if (isTemplateMap(current)) current = current[name];
      else if (Object.hasOwn(current, name)) current = current[name];
      else this.fail(`can't evaluate field ${name}`, position);
    }
    return current;
  }
}
