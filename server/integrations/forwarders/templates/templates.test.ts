import { TemplateError } from './errors';
import { compileTemplate } from './execute';
import { compileForwarderTemplates, DEFAULT_TEMPLATES, errorStatusOf, eventData, pointData } from './forwarderTemplates';
import type { TemplateLookups } from './functions';
import { sprintf } from './printf';
import { formatGoTime } from './timeFormat';
import { templateMap, type TemplateValue } from './values';

// The template engine: the Go text/template subset of the forwarders (server/integrations/README.md,
// DOMAIN.md §7), its functions, and errors that name line and column.

const MEASUREMENT = '11111111-1111-4111-8111-111111111111';
const PROPERTY = '22222222-2222-4222-8222-222222222222';
const T = Date.UTC(2026, 10, 2, 10, 4, 5, 120);

const lookups: TemplateLookups = {
  measurement: async (uuid) =>
    uuid === MEASUREMENT ? { UUID: MEASUREMENT, Name: 'Boiler temperature', Datatype: 'number', Labels: ['boiler'], Tags: templateMap({ site: 'Ghent' }) } : null,
  asset: async (uuid) => (uuid === PROPERTY ? { UUID: PROPERTY, Name: 'Temperature', Path: 'Plant/Line 1/Temperature' } : null),
};

const point = (overrides: Partial<Parameters<typeof pointData>[0]> = {}) =>
  pointData({ time: T, value: 21.5, quality: 192, measurementUuid: MEASUREMENT, assetPropertyUuid: PROPERTY, tags: { site: 'Ghent', line: '1' }, ...overrides });

const render = (source: string, data: TemplateValue = point()) => compileTemplate(source).render(data, lookups);

async function failure(source: string, data: TemplateValue = point()): Promise<TemplateError> {
  try {
    await render(source, data);
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error(`expected ${source} to fail`);
}

describe('fields and text', () => {
  it('renders text around fields of the point as Factry names them', async () => {
    expect(await render('m/{{.MeasurementUUID}}/{{.Value}} at {{.Timestamp}} ({{.TimestampMs}}) q{{.Quality}}')).toBe(
      `m/${MEASUREMENT}/21.5 at 2026-11-02T10:04:05.120Z (${T}) q192`,
    );
  });

  it('walks nested fields and map keys; a missing map key prints <no value>', async () => {
    expect(await render('{{.Tags.site}}|{{.Tags.absent}}')).toBe('Ghent|<no value>');
  });

  it('refuses a field the point does not have, naming it with line and column', async () => {
    const error = await failure('ok\n  {{.Valeu}}');
    expect(error).toMatchObject({ kind: 'render', line: 2, column: 5, code: 'forwarders.errors.template_render' });
    expect(error.message).toContain("can't evaluate field Valeu");
  });

  it('prints nil and values as Go does: <nil>, true, whole numbers without a decimal point, tiny ones in exponent form', async () => {
    expect(await render('{{.Value}}', { Value: null })).toBe('<nil>');
    expect(await render('{{.Value}}', { Value: true })).toBe('true');
    expect(await render('{{.Value}}', { Value: 42 })).toBe('42');
    expect(await render('{{.Value}}', { Value: 0.00001 })).toBe('1e-05');
    expect(await render('{{.Value}}', { Value: [1, 'a'] })).toBe('[1 a]');
    expect(await render('{{.Tags}}', { Tags: templateMap({ b: 2, a: 1 }) })).toBe('map[a:1 b:2]');
  });

  it('keeps the whole data at $ inside with and range', async () => {
    expect(await render('{{with .Tags}}{{.site}}-{{$.MeasurementUUID}}{{end}}')).toBe(`Ghent-${MEASUREMENT}`);
  });

  it('ErrorStatus is empty for Good (192–255 or no quality) and names Bad and Uncertain', () => {
    expect([errorStatusOf(192), errorStatusOf(216), errorStatusOf(null), errorStatusOf(0), errorStatusOf(64), errorStatusOf(0x48)]).toEqual(['', '', '', 'Bad', 'Uncertain', 'Uncertain']);
  });
});

describe('trim markers and comments', () => {
  it('{{- and -}} remove the whitespace beside them, newlines included', async () => {
    expect(await render('a  \n {{- .Tags.site -}} \n  b')).toBe('aGhentb');
    expect(await render('a {{.Tags.site -}}\n b')).toBe('a Ghentb');
  });

  it('{{-3}} is the number -3, not a trim marker', async () => {
    expect(await render('a {{-3}}')).toBe('a -3');
  });

  it('drops comments, trimmed ones too', async () => {
    expect(await render('a {{/* a note */}}b {{- /* x */ -}} c')).toBe('a bc');
  });
});

describe('pipelines, literals and printf', () => {
  it('passes the value down a pipeline as the last argument', async () => {
    expect(await render('{{.Value | printf "%.2f"}}')).toBe('21.50');
    expect(await render('{{printf "%s=%v" "v" .Value}}')).toBe('v=21.5');
  });

  it('takes string, raw string, number, bool and nil literals', async () => {
    expect(await render('{{"a\\tb\\u0041"}}|{{`raw\\n`}}|{{1.5e2}}|{{0x1F}}|{{true}}|{{nil}}')).toBe('a\tbA|raw\\n|150|31|true|<nil>');
  });

  it('evaluates parenthesised pipelines and fields after them', async () => {
    expect(await render('{{(getAsset .AssetPropertyUUID).Path}}')).toBe('Plant/Line 1/Temperature');
    expect(await render('{{(printf "%d" 3) | printf "[%s]"}}')).toBe('[3]');
  });

  it('refuses an argument to something that is not a function', async () => {
    expect((await failure('{{.Value 3}}')).message).toContain("can't give argument to non-function .Value");
  });

  it('formats numbers, widths, flags and the wrong verbs as fmt does', () => {
    expect(sprintf('%5.1f|%-5d|%05d|%+d|%x|%X|%o|%b|%e|%E|%g|%.3g|%q|%t|%c|%%', [3.14159, 42, 42, 7, 255, 'hi', 8, 5, 1234.5678, 0.5, 1e-7, 1234.5678, 'a"b', true, 65])).toBe(
      '  3.1|42   |00042|+7|ff|6869|10|101|1.234568e+03|5.000000E-01|1e-07|1.23e+03|"a\\"b"|true|A|%',
    );
    expect(sprintf('%d %s', [1.5])).toBe('%!d(float64=1.5) %!s(MISSING)');
    expect(sprintf('%d', [1, 2])).toBe('1%!(EXTRA int=2)');
    expect(sprintf('%6.2f%%', [-3.14159])).toBe(' -3.14%');
  });
});

describe('if, else if, range, with, variables', () => {
  it('chooses a branch with else if and else', async () => {
    const source = '{{if gt .Value 30.0}}hot{{else if gt .Value 20.0}}warm{{else}}cold{{end}}';
    expect(await render(source, point({ value: 35 }))).toBe('hot');
    expect(await render(source, point({ value: 25 }))).toBe('warm');
    expect(await render(source, point({ value: 5 }))).toBe('cold');
  });

  it('treats false, 0, nil, "" and empty collections as false', async () => {
    const source = '{{if .V}}t{{else}}f{{end}}';
    const results = await Promise.all([0, '', null, false, [], templateMap({}), 1, 'x', [0]].map((V) => render(source, { V })));
    expect(results.join('')).toBe('ffffffttt');
  });

  it('ranges over slices and maps (keys in order), with variables, else, break and continue', async () => {
    expect(await render('{{range $i, $v := .L}}{{$i}}={{$v}};{{end}}', { L: ['a', 'b'] })).toBe('0=a;1=b;');
    expect(await render('{{range $k, $v := .Tags}}{{$k}}:{{$v}},{{end}}')).toBe('line:1,site:Ghent,');
    expect(await render('{{range .L}}x{{else}}none{{end}}', { L: [] })).toBe('none');
    expect(await render('{{range .L}}{{if eq . 2}}{{continue}}{{end}}{{if eq . 4}}{{break}}{{end}}{{.}}{{end}}', { L: [1, 2, 3, 4, 5] })).toBe('13');
  });

  it('with sets the dot and falls to else when empty', async () => {
    expect(await render('{{with .Tags.site}}at {{.}}{{else}}nowhere{{end}}')).toBe('at Ghent');
    expect(await render('{{with .Tags.none}}at {{.}}{{else}}nowhere{{end}}')).toBe('nowhere');
    expect(await render('{{with $m := getMeasurement .MeasurementUUID}}{{$m.Name}}{{end}}')).toBe('Boiler temperature');
  });

  it('declares and assigns variables, scoped to their block', async () => {
    expect(await render('{{$x := 1}}{{if true}}{{$x = 2}}{{$y := 3}}{{end}}{{$x}}')).toBe('2');
    expect((await failure('{{if true}}{{$y := 3}}{{end}}{{$y}}')).message).toContain('undefined variable: $y');
  });
});

describe('comparison and logic', () => {
  it('eq takes several candidates; ne, lt, le, gt, ge compare numbers and strings', async () => {
    expect(await render('{{eq .Quality 0 192}} {{ne 1 2}} {{lt 1 2}} {{le 2 2}} {{gt "b" "a"}} {{ge 1 2}} {{eq .Tags.absent nil}}')).toBe('true true true true true false true');
  });

  it('refuses to compare a number with a string', async () => {
    expect((await failure('{{lt .Value "x"}}')).message).toContain('incompatible types for comparison');
  });

  it('and, or give back the deciding value; not negates', async () => {
    expect(await render('{{and 1 "" 2}}|{{or 0 "" "x"}}|{{not 0}}|{{and 1 2}}')).toBe('|x|true|2');
  });

  it('len and index read collections', async () => {
    expect(await render('{{len .L}} {{index .L 1}} {{index .Tags "site"}} {{len "héllo"}}', { L: [1, 2, 3], Tags: templateMap({ site: 'G' }) })).toBe('3 2 G 6');
  });
});

describe('the forwarder functions', () => {
  it('getMeasurement reads the measurement by UUID; an unknown one is nil', async () => {
    expect(await render('{{(getMeasurement .MeasurementUUID).Name}} {{(getMeasurement .MeasurementUUID).Tags.site}}')).toBe('Boiler temperature Ghent');
    expect((await failure('{{(getMeasurement "nope").Name}}')).message).toContain('nil pointer evaluating .Name');
  });

  it('getAsset reads the asset property by UUID', async () => {
    expect(await render('{{with getAsset .AssetPropertyUUID}}{{.Name}} in {{.Path}}{{end}}')).toBe('Temperature in Plant/Line 1/Temperature');
  });

  it('toJson writes JSON (map keys sorted)', async () => {
    expect(await render('{{toJson .Tags}} {{toJson .Value}} {{toJson "a\\"b"}} {{toJson nil}}')).toBe('{"line":"1","site":"Ghent"} 21.5 "a\\"b" null');
  });

  it('formatTime takes a Go layout or a named one, either order, RFC 3339 by default', async () => {
    expect(await render('{{formatTime .Timestamp}}')).toBe('2026-11-02T10:04:05.120Z');
    expect(await render('{{formatTime .Timestamp "2006-01-02 15:04:05.000"}}')).toBe('2026-11-02 10:04:05.120');
    expect(await render('{{.TimestampMs | formatTime "RFC3339"}}')).toBe('2026-11-02T10:04:05Z');
    expect(await render('{{formatTime .Timestamp "Mon Jan _2 3:04PM .999 002"}}')).toBe('Mon Nov  2 10:04AM .12 306');
    expect((await failure('{{formatTime "yesterday"}}')).message).toContain('is not a time');
  });

  it('formats every Go layout element in UTC', () => {
    const time = new Date(Date.UTC(2026, 0, 5, 15, 7, 9, 5));
    expect(formatGoTime(time, 'January Monday 06 1 2 15 03 3 4 5 pm MST Z07:00 -0700 .000000 ,9')).toBe('January Monday 26 1 5 15 03 3 7 9 pm UTC Z +0000 .005000 ');
  });

  it('refuses calls with the wrong number of arguments', async () => {
    expect((await failure('{{not 1 2}}')).message).toContain('wrong number of args for not: want 1 got 2');
  });
});

describe('errors at parse time name line and column', () => {
  const parseError = (source: string): TemplateError => {
    try {
      compileTemplate(source);
    } catch (error) {
      if (error instanceof TemplateError) return error;
      throw error;
    }
    throw new Error(`expected ${source} not to parse`);
  };

  it.each([
    ['{{.Value', 1, 1, 'unclosed action'],
    ['a\n{{if .Value}}x', 2, 3, 'has no {{end}}'],
    ['{{end}}', 1, 3, 'unexpected {{end}}'],
    ['x\n  {{nope .Value}}', 2, 5, 'function "nope" not defined'],
    ['{{"abc}}', 1, 3, 'unterminated quoted string'],
    ['{{ | .Value}}', 1, 4, 'missing value'],
    ['{{printf "%d" (.Value}}', 1, 22, 'unexpected "}}" in parenthesized pipeline'],
    ['{{range .L}}{{else}}{{else}}{{end}}', 1, 23, 'found {{else}}'],
    ['{{break}}', 1, 3, 'outside {{range}}'],
    ['{{template "x"}}', 1, 3, 'not supported'],
    ['{{/* open', 1, 3, 'unclosed comment'],
    ['{{3x}}', 1, 3, 'bad number syntax'],
    ['{{.A"b"}}', 1, 5, 'missing space'],
  ])('%j fails at %i:%i', (source, line, column, message) => {
    const error = parseError(source);
    expect(error).toMatchObject({ kind: 'syntax', line, column, code: 'forwarders.errors.template_syntax' });
    expect(error.message).toContain(message);
  });

  it('refuses nesting deeper than 100 (parentheses or blocks) instead of overflowing the stack', () => {
    expect(parseError(`{{${'('.repeat(5000)}1${')'.repeat(5000)}}}`)).toMatchObject({ line: 1, column: 103, message: expect.stringContaining('nested more than 100 deep') });
    expect(parseError('{{if 1}}'.repeat(3000))).toMatchObject({ line: 1, column: 803, message: expect.stringContaining('nested more than 100 deep') });
  });
});

describe('the forwarder templates', () => {
  it('the defaults render a point into a JSON object and topics', async () => {
    const { compiled, problems } = compileForwarderTemplates({});
    expect(problems).toEqual([]);
    expect(JSON.parse(await compiled.PointMessage.render(point(), lookups))).toEqual({
      Timestamp: '2026-11-02T10:04:05.120Z',
      Value: 21.5,
      Quality: 192,
      MeasurementUUID: MEASUREMENT,
      AssetPropertyUUID: PROPERTY,
    });
    expect(await compiled.MeasurementTopic.render(point(), lookups)).toBe(`historian/measurements/${MEASUREMENT}`);
    expect(await compiled.AssetPropertyTopic.render(point(), lookups)).toBe('historian/assets/Plant/Line 1/Temperature');
  });

  it('the default event templates render the event', async () => {
    const data = eventData({
      uuid: 'e1',
      typeUuid: 't1',
      typeName: 'Batch',
      assetUuid: 'a1',
      assetName: 'Line 1',
      assetPath: 'Plant/Line 1',
      startTime: new Date(T),
      stopTime: null,
      status: 'open',
      properties: { Product: 'Cola' },
      change: 'started',
    });
    const { compiled } = compileForwarderTemplates({ EventMessage: '  ' });
    expect(JSON.parse(await compiled.EventMessage.render(data, lookups))).toEqual({
      UUID: 'e1',
      Type: 'Batch',
      AssetPath: 'Plant/Line 1',
      StartTime: '2026-11-02T10:04:05.120Z',
      StopTime: null,
      Status: 'open',
      Change: 'started',
      Properties: { Product: 'Cola' },
    });
    expect(await compiled.EventTopic.render(data, lookups)).toBe('historian/events/t1');
    expect(DEFAULT_TEMPLATES.EventTopic).toContain('.Event.TypeUUID');
  });

  it('names each template that does not parse, with line and column', () => {
    const { problems } = compileForwarderTemplates({ PointMessage: '{\n "v": {{.Value | nope}}\n}', EventTopic: '{{if}}' });
    expect(problems).toEqual([
      { Template: 'PointMessage', Code: 'forwarders.errors.template_syntax', Line: 2, Column: 18, Message: expect.stringContaining('function "nope" not defined') },
      { Template: 'EventTopic', Code: 'forwarders.errors.template_syntax', Line: 1, Column: 5, Message: expect.stringContaining('missing value for if') },
    ]);
  });

  it('stops a template that would run away', async () => {
    expect((await failure('{{range 200000}}x{{end}}')).message).toContain('too many steps');
  });
});
