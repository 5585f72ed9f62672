/** Filtros de lista cuyas opciones vienen de otro recurso. */
export default {
  filters: {
    no_choices: 'No hay %{name} activos entre los que elegir',
  },
};
