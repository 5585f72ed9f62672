/** List filters whose choices come from another resource. */
export default {
  filters: {
    no_choices: 'No active %{name} to choose from',
  },
};
