export * from './components/BehaviourAlerts';
export * from './components/BehaviourThresholdsPanel';
export * from './components/PondSection';
export * from './components/RoutingSettingsPanel';
