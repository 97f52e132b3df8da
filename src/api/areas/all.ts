// Every area of the API at once, for the QA replay: it recomputes a recording's states through
// RTK Query's reducer, which reads each endpoint's definition, whichever pages the replay has
// drawn so far. Nothing else imports this: an area loads with its pages.
import './access';
import './assets';
import './calculations';
import './eventConfigurations';
import './events';
import './externalDatabases';
import './llm';
import './manualEntry';
import './measurementImport';
import './prototypes';
import './auditLogs';
import './collectors';
import './configuration';
import './jobs';
import './measurements';
import './session';
import './sinks';
import './taskSchedulers';
import './timeseries';
