import 'maplibre-gl/dist/maplibre-gl.css';
import { prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

// maplibre-gl 6 loads its worker from a URL; Vite serves the file as a hashed asset of our origin.
setWorkerUrl(workerUrl);
// The worker (a 500 kB script to fetch and parse) starts with the map's code, while the page
// still waits for its first results, not when the map is first drawn: under a busy CPU its
// start was most of the split view's wait for the map.
prewarm();
