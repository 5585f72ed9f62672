// react-admin's column chooser compares its search box with the column labels without accents,
// through `diacritic`: a 10 kB table of Latin letters (3.5 kB gzipped) that every list loaded,
// since the DataTable renders the chooser's list. Unicode's compatibility decomposition gives
// the same base letters (é -> e, Ⓐ -> A, ﬁ -> fi) once the Latin combining marks are dropped;
// the marks of other scripts (Bengali, Burmese vowel signs) are letters' parts and stay.
exports.clean = (input) =>
  input
    ? String(input)
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
    : '';
