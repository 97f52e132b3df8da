import type { Build } from './builds';
import type { Datatype } from './protocol';
import type { MeasurementSimulation } from './simulationSettings';

// One simulated value of a measurement at a time, of the measurement's Datatype. The running
// build's sample function gives the shape of sine, ramp and random (so an update can change it);
// the rest is here. Times are whole multiples of the sample interval, so a value's time says
// which sample it is and a restarted collector writes the same times again, not new ones.

export type SimulatedValue = number | boolean | string | number[] | boolean[] | string[];

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** The signal's shape at `seconds`, from -1 to 1 (ramp and random from 0 to 1). */
function shape(build: Build, sim: MeasurementSimulation, seconds: number): number {
  const phase = (((seconds % sim.periodSeconds) + sim.periodSeconds) % sim.periodSeconds) / sim.periodSeconds;
  switch (sim.signal) {
    case 'square':
    case 'step':
      return phase < 0.5 ? 1 : -1;
    case 'states':
      return phase;
    default:
      return build.sample(sim.signal, seconds, sim.periodSeconds);
  }
}

function numberAt(build: Build, sim: MeasurementSimulation, seconds: number, random: () => number): number {
  const noise = sim.noise > 0 ? (random() * 2 - 1) * sim.noise : 0;
  return round(sim.offset + sim.amplitude * shape(build, sim, seconds) + noise);
}

function booleanAt(sim: MeasurementSimulation, seconds: number, random: () => number): boolean {
  if (sim.signal === 'random') return random() < 0.5;
  const phase = (((seconds % sim.periodSeconds) + sim.periodSeconds) % sim.periodSeconds) / sim.periodSeconds;
  return phase < 0.5;
}

function stringAt(sim: MeasurementSimulation, seconds: number): string {
  const step = sim.periodSeconds / sim.states.length;
  const index = Math.floor(seconds / step) % sim.states.length;
  return sim.states[index];
}

export function simulate(datatype: Datatype, build: Build, sim: MeasurementSimulation, timeMs: number, random: () => number = Math.random): SimulatedValue {
  const seconds = timeMs / 1000;
  const shifted = (index: number) => seconds + (index * sim.periodSeconds) / 3;
  switch (datatype) {
    case 'boolean':
      return booleanAt(sim, seconds, random);
    case 'string':
      return stringAt(sim, seconds);
    case '[]number':
      return [0, 1, 2].map((index) => numberAt(build, sim, shifted(index), random));
    case '[]boolean':
      return [0, 1, 2].map((index) => booleanAt(sim, shifted(index), random));
    case '[]string':
      return [0, 1, 2].map((index) => stringAt(sim, shifted(index)));
    case 'raw':
      return Buffer.from(String(numberAt(build, sim, seconds, random))).toString('base64');
    default:
      return numberAt(build, sim, seconds, random);
  }
}

/** The sample times in (after, until], whole multiples of the interval. */
export function sampleTimes(afterMs: number, untilMs: number, intervalMs: number): number[] {
  const times: number[] = [];
  for (let time = Math.floor(afterMs / intervalMs) * intervalMs + intervalMs; time <= untilMs; time += intervalMs) times.push(time);
  return times;
}
