import 'maplibre-gl/dist/maplibre-gl.css';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// maplibre-gl 6 loads its worker from a URL; Vite serves the file as a hashed asset of our origin.
setWorkerUrl(workerUrl);

export { offlineStyle } from './basemap';
