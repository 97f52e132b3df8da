import { COLUMNS_FORMAT_VERSION, ColumnsFormatError, decodeColumns, encodeColumns, type ColumnsAnswer } from './timeseriesColumns';

function anAnswer(): ColumnsAnswer {
  return {
    series: [
      {
        measurementUuid: '11111111-1111-4111-8111-111111111111',
        name: 'Pump 1 pressure',
        database: 'historian',
        datatype: 'number',
        uom: 'bar',
        fields: ['time', 'mean', 'min', 'max', 'count'],
        times: new Float64Array([0, 60_000, 120_000]),
        columns: {
          mean: new Float64Array([1.5, NaN, -2.25]),
          min: new Float64Array([1, NaN, -3]),
          max: new Float64Array([2, NaN, -1.5]),
          count: new Int32Array([2, 0, 2]),
        },
        lastKnown: { time: -1_000, value: 1.25 },
        truncated: false,
      },
      {
        measurementUuid: '22222222-2222-4222-8222-222222222222',
        name: 'Mode (état)',
        database: 'historian',
        datatype: 'string',
        uom: '',
        fields: ['time', 'value'],
        times: new Float64Array([5, 6, 7, 8]),
        columns: { value: ['run', null, 'ünïcødé "quoted"', ''] },
        lastKnown: null,
        truncated: true,
      },
      {
        measurementUuid: '33333333-3333-4333-8333-333333333333',
        name: 'empty',
        database: 'influx',
        datatype: 'boolean',
        uom: '',
        fields: ['time', 'value'],
        times: new Float64Array(0),
        columns: { value: new Float64Array(0) },
        lastKnown: { time: 3, value: true },
        truncated: false,
      },
    ],
  };
}

describe('columnar answer of the time-series query', () => {
  it('round-trips numbers with NaN for null, integer counts, texts with nulls and empty series', () => {
    const answer = anAnswer();
    const decoded = decodeColumns(encodeColumns(answer));
    expect(decoded).toEqual(answer);
    expect(decoded.series[0].columns.count).toBeInstanceOf(Int32Array);
    expect(decoded.series[0].columns.mean).toBeInstanceOf(Float64Array);
    expect(Number.isNaN(decoded.series[0].columns.mean[1])).toBe(true);
  });

  it('starts with the magic and version, and places every column 8-byte aligned after the JSON header', () => {
    const buffer = encodeColumns(anAnswer());
    const bytes = new Uint8Array(buffer);
    expect(String.fromCharCode(...bytes.slice(0, 4))).toBe('HCOL');
    const view = new DataView(buffer);
    expect(view.getUint32(4, true)).toBe(COLUMNS_FORMAT_VERSION);
    const headerLength = view.getUint32(8, true);
    expect((12 + headerLength) % 8).toBe(0);
    const header = JSON.parse(new TextDecoder().decode(bytes.slice(12, 12 + headerLength)));
    const columns = header.series.flatMap((series: { columns: { name: string; offset: number; type: string }[] }) => series.columns);
    expect(columns.every((column: { offset: number }) => column.offset % 8 === 0 && column.offset >= 12 + headerLength)).toBe(true);
    expect(columns.map((column: { name: string; type: string }) => `${column.name}:${column.type}`).slice(0, 5)).toEqual([
      'time:f64',
      'mean:f64',
      'min:f64',
      'max:f64',
      'count:i32',
    ]);
    // The times of the first series read straight from the bytes.
    expect(new Float64Array(buffer, columns[0].offset, 3)).toEqual(new Float64Array([0, 60_000, 120_000]));
  });

  it('decodes number columns as views on the received bytes, without copying', () => {
    const buffer = encodeColumns(anAnswer());
    const decoded = decodeColumns(buffer);
    expect(decoded.series[0].times.buffer).toBe(buffer);
  });

  it('encodes a million points without per-point work beyond copying the typed arrays', () => {
    const n = 1_000_000;
    const times = new Float64Array(n);
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      times[i] = i * 1000;
      values[i] = Math.sin(i);
    }
    const buffer = encodeColumns({
      series: [{ measurementUuid: 'm', name: 'm', database: 'd', datatype: 'number', uom: '', fields: ['time', 'value'], times, columns: { value: values }, lastKnown: null, truncated: false }],
    });
    expect(buffer.byteLength).toBeGreaterThanOrEqual(n * 16);
    expect(buffer.byteLength).toBeLessThan(n * 16 + 1024);
    const decoded = decodeColumns(buffer).series[0];
    expect(decoded.times[n - 1]).toBe((n - 1) * 1000);
    expect(decoded.columns.value[12345]).toBe(Math.sin(12345));
  });

  it('refuses a column whose length differs from the times', () => {
    const answer = anAnswer();
    answer.series[0].columns.mean = new Float64Array([1]);
    expect(() => encodeColumns(answer)).toThrow(ColumnsFormatError);
  });

  it('refuses bytes that are not the format, or a truncated body', () => {
    expect(() => decodeColumns(new TextEncoder().encode('{"Series":[]}').buffer)).toThrow(ColumnsFormatError);
    const buffer = encodeColumns(anAnswer());
    expect(() => decodeColumns(buffer.slice(0, buffer.byteLength - 8))).toThrow(ColumnsFormatError);
    expect(() => decodeColumns(buffer.slice(0, 20))).toThrow(ColumnsFormatError);
  });
});
